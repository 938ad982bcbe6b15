"""recomp: forward builds a tensor with torch.tensor(python floats) and torch.linspace, whose dtype follows torch.set_default_dtype changed between calls -- test_recompiles.py default dtype."""
import torch
import torch.nn as nn

torch.manual_seed(0)


class Gauss(nn.Module):
    def __init__(self):
        super().__init__()
        self.sigmas = [0.5, 1.0, 2.0]

    def forward(self, x):
        s = torch.tensor(self.sigmas)
        grid = torch.linspace(-1, 1, x.shape[-1])
        return torch.exp(-(grid[None, :] ** 2) / s[:, None]) * x.sum()


m = Gauss()
cm = torch.compile(m)
x = torch.ones(2, 4)
out = cm(x)
print(out.dtype, round(out.sum().item(), 4))
torch.set_default_dtype(torch.float64)
out = cm(x.double())
print(out.dtype, round(out.sum().item(), 6))
torch.set_default_dtype(torch.float32)
out = cm(x)
print(out.dtype, round(out.sum().item(), 4))
