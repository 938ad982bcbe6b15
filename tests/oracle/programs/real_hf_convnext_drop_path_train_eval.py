"""real: HF ConvNextForImageClassification (tiny config, layer_scale, drop_path_rate>0 so training uses random stochastic depth) compiled: one train step with labels under a fixed seed, then eval twice under no_grad -- transformers ConvNeXt fine-tune."""
import torch
from transformers import ConvNextConfig, ConvNextForImageClassification
torch.manual_seed(0)

config = ConvNextConfig(num_channels=3, patch_size=2, num_stages=2, hidden_sizes=[8, 16], depths=[1, 1], image_size=16,
                        drop_path_rate=0.2, layer_scale_init_value=1e-2, num_labels=3)
model = ConvNextForImageClassification(config)
cmodel = torch.compile(model)
opt = torch.optim.SGD(model.parameters(), lr=0.1)
pix = torch.randn(2, 3, 16, 16)
model.train()
loss = cmodel(pixel_values=pix, labels=torch.tensor([1, 2])).loss
loss.backward()
opt.step()
print("train", round(loss.item(), 4))
model.eval()
with torch.no_grad():
    for _ in range(2):
        print("eval", round(cmodel(pixel_values=pix).logits.sum().item(), 4))
