"""recomp: a class attribute read through self (M.scale = 5.0 between calls) -- test_recompiles.py attribute guards."""
import torch
class M(torch.nn.Module):
    scale = 2.0
    def forward(self, x):
        return x * self.scale
m = M(); c = torch.compile(m)
c(torch.ones(3)).sum().item()
M.scale = 5.0
c(torch.ones(3)).sum().item()
