"""recomp: `itertools.islice(self.layers, N_ACTIVE)` runs only the first N layers, N a global int changed between calls (progressive growing) -- test_functions.py test_islice / itertools over a ModuleList."""
import itertools
import torch

torch.manual_seed(0)
N_ACTIVE = 1


class Net(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = torch.nn.ModuleList(torch.nn.Linear(2, 2) for _ in range(3))

    def forward(self, x):
        for layer in itertools.islice(self.layers, N_ACTIVE):
            x = layer(x).relu()
        return x


m = torch.compile(Net())
x = torch.ones(1, 2)
print([round(v, 4) for v in m(x).flatten().tolist()])
N_ACTIVE = 3
print([round(v, 4) for v in m(x).flatten().tolist()])
N_ACTIVE = 2
print([round(v, 4) for v in m(x).flatten().tolist()])
