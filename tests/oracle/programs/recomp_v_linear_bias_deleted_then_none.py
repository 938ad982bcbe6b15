"""recomp: del lin.bias removes the registered bias, then bias = None (a plain attribute), then deleted and registered again, between calls of a compiled model using F.linear(x, self.weight, self.bias) -- test_modules.py parameter deleted after compile."""
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)


class MyLinear(nn.Module):
    def __init__(self):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(2, 3))
        self.bias = nn.Parameter(torch.full((2,), 5.0))

    def forward(self, x):
        b = getattr(self, "bias", None)
        return F.linear(x, self.weight, b)


m = MyLinear()
cm = torch.compile(m)
x = torch.ones(1, 3)
print(cm(x).tolist())
del m.bias
print(cm(x).tolist(), "bias" in m._parameters)
m.bias = None
print(cm(x).tolist(), "bias" in m._parameters)
del m.bias
m.register_parameter("bias", nn.Parameter(torch.full((2,), -1.0)))
print(cm(x).tolist())
