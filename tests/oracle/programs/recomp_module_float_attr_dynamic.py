"""recomp: an nn.Module int attribute and a float attribute changed between calls (ints stay specialised, floats turn dynamic) -- test_modules.py / test_unspec.py."""
import torch
class M(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.scale = 2
        self.alpha = 0.5
    def forward(self, x):
        return x * self.scale + self.alpha

m = M()
cm = torch.compile(m)
x = torch.ones(3)
for n in (2, 3, 4):
    m.scale = n
    cm(x)
for a in (0.25, 0.75, 1.5):
    m.alpha = a
    cm(x)
