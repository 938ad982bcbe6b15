"""real: tiny HF ViTForImageClassification compiled: two training steps with labels (loss.backward, SGD), then eval under no_grad -- transformers image classification fine-tune."""
import torch
from transformers import ViTConfig, ViTForImageClassification

torch.manual_seed(0)
config = ViTConfig(image_size=8, patch_size=4, num_channels=3, hidden_size=32, num_hidden_layers=2,
                   num_attention_heads=2, intermediate_size=64, num_labels=3)
model = ViTForImageClassification(config)
cmodel = torch.compile(model)
opt = torch.optim.SGD(model.parameters(), lr=0.1)
pix = torch.randn(2, 3, 8, 8)
labels = torch.tensor([0, 2])
model.train()
for _ in range(2):
    loss = cmodel(pixel_values=pix, labels=labels).loss
    loss.backward()
    opt.step()
    opt.zero_grad()
    print(round(loss.item(), 3))
model.eval()
with torch.no_grad():
    print(cmodel(pixel_values=pix).logits.argmax(-1).tolist())
