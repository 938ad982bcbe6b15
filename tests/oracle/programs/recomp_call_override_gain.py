"""recomp: an nn.Module subclass overrides __call__ to scale forward's result by a float attribute, changed between calls -- test_modules.py test_dunder_call_explicitly / __call__ override."""
import torch
import torch.nn as nn

torch.manual_seed(0)


class Gained(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(3, 3)
        self.gain = 1.0

    def forward(self, x):
        return self.lin(x)

    def __call__(self, x):
        return super().__call__(x) * self.gain


m = Gained()


@torch.compile
def run(x):
    return m(x).relu()


x = torch.randn(2, 3)
print(round(run(x).sum().item(), 4))
m.gain = 3.0
print(round(run(x).sum().item(), 4))
m.gain = -1.0
print(round(run(x).sum().item(), 4))
