"""misc: a module's forward with nothing to compute on its first call (self.on False) -- test_modules.py SkipFrame."""
import torch
class M(torch.nn.Module):
    def __init__(self):
        super().__init__(); self.on = False
    def forward(self, x):
        return x * 2 if self.on else x
m = M(); c = torch.compile(m)
c(torch.ones(2)); m.on = True; c(torch.ones(2)); c(torch.ones(3))
