"""recomp: a module overrides its buffers()/named_buffers() methods with plain lists in __init__; the compiled forward reads a registered buffer, which is later replaced by one of another shape -- test_buffers_override.py test_buffers_override / test_named_buffers_override."""
import torch
import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer("A", torch.ones(3, 3))
        self.register_buffer("B", torch.full((3, 3), 2.0))
        self.buffers = []
        self.named_buffers = []

    def forward(self):
        return self.A * torch.zeros(1, 1) + self.B


m = M()
cm = torch.compile(m)
print(cm.A.sum().item(), cm().sum().item())
print(cm().sum().item())
m.B = torch.full((3, 3), 5.0)
print(cm().sum().item())
m.B = torch.full((2, 3), 5.0)
m.A = torch.ones(2, 3)
print(cm().sum().item())
