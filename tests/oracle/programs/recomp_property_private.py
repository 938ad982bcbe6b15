"""recomp: a property reading a private attribute (self._t) changed between calls -- test_modules.py property guards."""
import torch
class M(torch.nn.Module):
    def __init__(self):
        super().__init__(); self._t = 1.0
    @property
    def temp(self): return self._t * 2
    def forward(self, x): return x / self.temp
m = M(); c = torch.compile(m)
c(torch.ones(2)); m._t = 4.0; c(torch.ones(2))
