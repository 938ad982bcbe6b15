"""recomp: an unregistered tensor attribute (self.mask) replaced and mutated in place: lifted as an input, no recompile -- test_modules.py."""
import torch
class M(torch.nn.Module):
    def __init__(self):
        super().__init__(); self.mask = torch.ones(3)
    def forward(self, x):
        return x * self.mask
m = M(); c = torch.compile(m)
c(torch.ones(3)); m.mask = torch.full((3,), 2.0); c(torch.ones(3))
m.mask.mul_(5); c(torch.ones(3))
