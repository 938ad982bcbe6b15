"""real: HF ViTForMaskedImageModeling (tiny config; its ViTModel has a mask token) pre-training steps with a random bool_masked_pos per batch (SimMIM mask generator: num_masks = int(ratio * num_patches), randperm), reconstruction loss from the output, then eval of ViTModel-style features with bool_masked_pos=None -- transformers examples run_mim.py (SimMIM)."""
import torch
from transformers import ViTConfig, ViTForMaskedImageModeling
torch.manual_seed(0)

config = ViTConfig(image_size=16, patch_size=4, num_channels=3, hidden_size=32, num_hidden_layers=2,
                   num_attention_heads=2, intermediate_size=64, encoder_stride=4)
model = ViTForMaskedImageModeling(config)
cmodel = torch.compile(model)
optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3)
num_patches = (config.image_size // config.patch_size) ** 2


class MaskGenerator:
    def __init__(self, mask_ratio=0.6):
        self.num_mask = int(mask_ratio * num_patches)

    def __call__(self):
        mask_idx = torch.randperm(num_patches)[:self.num_mask]
        mask = torch.zeros(num_patches, dtype=torch.bool)
        mask[mask_idx] = True
        return mask


mask_gen = MaskGenerator()
for step in range(3):
    pixel_values = torch.randn(2, 3, 16, 16)
    bool_masked_pos = torch.stack([mask_gen() for _ in range(2)])
    outputs = cmodel(pixel_values=pixel_values, bool_masked_pos=bool_masked_pos)
    outputs.loss.backward()
    optimizer.step()
    optimizer.zero_grad()
    print(step, round(outputs.loss.item(), 4), tuple(outputs.reconstruction.shape))
model.eval()
with torch.no_grad():
    out = cmodel(pixel_values=torch.randn(1, 3, 16, 16))
print(out.loss, tuple(out.reconstruction.shape), round(out.reconstruction.mean().item(), 4))
