"""recomp: a module's int attribute incremented by forward (self.count += 1): one entry per value -- test_recompile_ux.py integer attributes of nn.Module."""
import torch
class M(torch.nn.Module):
    def __init__(self):
        super().__init__(); self.count = 0
    def forward(self, x):
        self.count += 1
        return x * self.count
c = torch.compile(M())
for i in range(4):
    c(torch.ones(3)).sum().item()
