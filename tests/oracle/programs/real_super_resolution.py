"""real: super-resolution net (conv + pixel_shuffle) evaluated on two image sizes -- pytorch/examples super_resolution/model.py."""
import torch
import torch.nn as nn
torch.manual_seed(0)

class Net(nn.Module):
    def __init__(self, upscale=2):
        super().__init__()
        self.relu = nn.ReLU()
        self.conv1 = nn.Conv2d(1, 8, 5, padding=2)
        self.conv2 = nn.Conv2d(8, upscale ** 2, 3, padding=1)
        self.pixel_shuffle = nn.PixelShuffle(upscale)

    def forward(self, x):
        return self.pixel_shuffle(self.conv2(self.relu(self.conv1(x))))

model = torch.compile(Net().eval())
with torch.no_grad():
    for size in (8, 8, 12, 16):
        out = model(torch.rand(1, 1, size, size))
assert out.shape == (1, 1, 32, 32)
