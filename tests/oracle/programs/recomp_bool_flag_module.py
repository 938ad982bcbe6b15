"""recomp: a boolean module attribute flips -- test_recompiles.py module bool attribute."""
import torch

class M(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.use_act = True

    def forward(self, x):
        x = x * 2
        return x.relu() if self.use_act else x

m = M()
cm = torch.compile(m)
cm(torch.ones(2))
m.use_act = False
cm(torch.ones(2))
