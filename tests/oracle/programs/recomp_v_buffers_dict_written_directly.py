"""recomp: state kept by writing nn.Module._buffers directly (a tensor, then a tensor of another shape, then None) between calls; forward reads it by attribute -- test_modules.py _buffers mutated."""
import torch
import torch.nn as nn

torch.manual_seed(0)


class Bias(nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer("shift", torch.zeros(3))

    def forward(self, x):
        if self.shift is None:
            return x * 2
        return x + self.shift


m = Bias()
cm = torch.compile(m)
x = torch.ones(2, 3)
print(cm(x).sum().item())
m._buffers["shift"] = torch.tensor([1.0, 2.0, 3.0])
print(cm(x).sum().item())
m._buffers["shift"] = torch.tensor([5.0])
print(cm(x).sum().item())
m._buffers["shift"] = None
print(cm(x).sum().item())
