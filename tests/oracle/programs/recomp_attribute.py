"""recomp: a module's Python attribute changes -- test_recompile_ux.py module attribute guard."""
import torch
torch.manual_seed(0)

class Scale(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.factor = 2

    def forward(self, x):
        return x * self.factor

m = Scale()
cm = torch.compile(m)
cm(torch.ones(3))
m.factor = 3
cm(torch.ones(3))
