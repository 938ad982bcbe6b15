"""real: HF Dinov2Model feature extraction (tiny config, layerscale, pos-embed interpolation for any image size) compiled with torch.compile(model); DINOv2 linear-probe features = cat(CLS token, mean of patch tokens) from last_hidden_state; images 28x28 twice, then 42x42 and a batch of 3 (varying patch grids and batch)."""
import torch
from transformers import Dinov2Config, Dinov2Model

torch.manual_seed(0)
config = Dinov2Config(hidden_size=32, num_hidden_layers=2, num_attention_heads=4, mlp_ratio=2, image_size=28, patch_size=7,
                      layerscale_value=1.0, drop_path_rate=0.0, attn_implementation="eager")
model = Dinov2Model(config).eval()
cmodel = torch.compile(model, backend="eager")

with torch.no_grad():
    for shape in ((2, 3, 28, 28), (2, 3, 28, 28), (2, 3, 42, 42), (3, 3, 42, 42)):
        out = cmodel(pixel_values=torch.randn(*shape))
        h = out.last_hidden_state
        feats = torch.cat([h[:, 0], h[:, 1:].mean(dim=1)], dim=-1)
        print(shape[-1], tuple(feats.shape), round(feats.norm().item(), 3))
