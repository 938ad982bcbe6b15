"""real: HF ViTForImageClassification (tiny config, image_size 16, patch 4) compiled, eval under no_grad at 16x16, then fine-tuning-resolution inference at 24x24 and 20x20 with interpolate_pos_encoding=True (bicubic interpolation of the position embeddings inside forward), then 16x16 again -- transformers ViT higher-resolution inference."""
import torch
from transformers import ViTConfig, ViTForImageClassification
torch.manual_seed(0)

config = ViTConfig(image_size=16, patch_size=4, num_channels=3, hidden_size=32, num_hidden_layers=2,
                   num_attention_heads=2, intermediate_size=64, num_labels=5)
model = ViTForImageClassification(config).eval()
cmodel = torch.compile(model)
with torch.no_grad():
    for size, interp in ((16, False), (24, True), (20, True), (16, False)):
        px = torch.randn(2, 3, size, size)
        out = cmodel(pixel_values=px, interpolate_pos_encoding=interp)
        ref = model(pixel_values=px, interpolate_pos_encoding=interp)
        print(size, interp, out.logits.argmax(-1).tolist(), round(out.logits.sum().item(), 4),
              torch.allclose(out.logits, ref.logits, atol=1e-5))
