"""real: an input-normalization module keeping the dataset mean/std as NumPy arrays (self.mean, self.std) converted with torch.as_tensor inside the compiled forward; the script switches from ImageNet stats to dataset stats computed with NumPy (new arrays), then edits one channel in place -- torchvision-style Normalize with NumPy stats inside a compiled model."""
import numpy as np
import torch
import torch.nn as nn
torch.manual_seed(0)


class Normalize(nn.Module):
    def __init__(self, mean, std):
        super().__init__()
        self.mean = np.asarray(mean, dtype=np.float32)
        self.std = np.asarray(std, dtype=np.float32)

    def forward(self, x):
        mean = torch.as_tensor(self.mean).view(1, -1, 1, 1)
        std = torch.as_tensor(self.std).view(1, -1, 1, 1)
        return (x - mean) / std


model = nn.Sequential(Normalize([0.485, 0.456, 0.406], [0.229, 0.224, 0.225]),
                      nn.Conv2d(3, 4, 3), nn.ReLU(), nn.AdaptiveAvgPool2d(1), nn.Flatten()).eval()
cmodel = torch.compile(model)
x = torch.rand(2, 3, 5, 5)
with torch.no_grad():
    print("imagenet", round(cmodel(x).sum().item(), 4))
    data = x.numpy()
    model[0].mean = data.mean(axis=(0, 2, 3)).astype(np.float32)
    model[0].std = data.std(axis=(0, 2, 3)).astype(np.float32)
    print("dataset", round(cmodel(x).sum().item(), 4))
    model[0].std[0] = 1.0
    print("edited", round(cmodel(x).sum().item(), 4))
