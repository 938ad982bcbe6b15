"""recomp: forward keeps the size it read (self.last = x.shape[0]) and multiplies the next input by it; sizes change, then repeat -- test_recompiles.py attribute written in forward."""
import torch
class M(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.last = 0
    def forward(self, x):
        y = x * self.last
        self.last = x.shape[0]
        return y
m = torch.compile(M())
for n in [2, 3, 4, 4, 4, 5, 5]:
    print(m(torch.ones(n)).sum().item())
