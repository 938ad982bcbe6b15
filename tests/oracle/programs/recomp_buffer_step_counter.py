"""recomp: a module counts steps in a registered buffer updated in place by forward (no recompile, unlike an int attribute) -- test_modules.py buffer mutation."""
import torch
import torch.nn as nn

class Counter(nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer("steps", torch.zeros((), dtype=torch.long))
        self.lin = nn.Linear(3, 3)

    def forward(self, x):
        self.steps += 1
        return self.lin(x) * self.steps

torch.manual_seed(0)
m = torch.compile(Counter())
for _ in range(4):
    m(torch.ones(2, 3))
assert int(m.steps) == 4
