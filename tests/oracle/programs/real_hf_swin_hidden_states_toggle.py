"""real: HF SwinForImageClassification (tiny config, window 2, shifted windows, patch merging) compiled, eval under no_grad on a batch, again on new pixels, then with output_hidden_states=True -- transformers Swin image classification."""
import torch
from transformers import SwinConfig, SwinForImageClassification
torch.manual_seed(0)

config = SwinConfig(image_size=8, patch_size=2, num_channels=3, embed_dim=8, depths=[2, 1], num_heads=[2, 2],
                    window_size=2, mlp_ratio=2.0, drop_path_rate=0.0, num_labels=3)
model = SwinForImageClassification(config).eval()
cmodel = torch.compile(model)
pix = torch.randn(2, 3, 8, 8)
with torch.no_grad():
    print("eval", cmodel(pixel_values=pix).logits.argmax(-1).tolist())
    print("eval2", round(cmodel(pixel_values=pix * 0.5).logits.sum().item(), 4))
    out = cmodel(pixel_values=pix, output_hidden_states=True)
    print("hidden", len(out.hidden_states), round(out.hidden_states[-1].sum().item(), 3))
