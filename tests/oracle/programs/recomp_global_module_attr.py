"""recomp: a compiled function calls a global nn.Module whose int attribute the user changes -- test_modules.py global module guards."""
import torch
torch.manual_seed(0)

class Repeat(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.times = 2

    def forward(self, x):
        for _ in range(self.times):
            x = x * 2
        return x

block = Repeat()

@torch.compile
def f(x):
    return block(x) + 1

f(torch.ones(3))
block.times = 3
f(torch.ones(3))
f(torch.ones(3))
