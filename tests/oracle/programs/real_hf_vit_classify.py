"""real: HF ViTForImageClassification (tiny config) with model.compile(), train steps then eval under no_grad -- transformers image classification fine-tuning."""
import torch
from transformers import ViTConfig, ViTForImageClassification
torch.manual_seed(0)

config = ViTConfig(image_size=8, patch_size=4, num_channels=3, hidden_size=32, num_hidden_layers=2,
                   num_attention_heads=2, intermediate_size=64, num_labels=4)
model = ViTForImageClassification(config)
model.compile()
opt = torch.optim.SGD(model.parameters(), lr=0.1)
for _ in range(2):
    out = model(pixel_values=torch.rand(2, 3, 8, 8), labels=torch.randint(0, 4, (2,)))
    out.loss.backward()
    opt.step()
    opt.zero_grad()
model.eval()
with torch.no_grad():
    logits = model(pixel_values=torch.rand(2, 3, 8, 8)).logits
assert logits.shape == (2, 4)
