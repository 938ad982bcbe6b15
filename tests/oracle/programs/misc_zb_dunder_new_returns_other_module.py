"""misc: a compiled model's forward instantiates ModelB(), whose __new__ returns a fresh ModelA instead (so ModelB.__init__ never runs), and adds its output to a Linear layer's; called on two batch sizes -- test_misc.py test_dunder_new_function_inlining."""
import torch
import torch.nn as nn

torch.manual_seed(0)


class ModelA(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        return torch.tanh(x + 1)


class ModelB(nn.Module):
    def __new__(cls):
        return ModelA()


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.layer = nn.Linear(2, 2)

    def forward(self, x):
        other = ModelB()
        return self.layer(x) + other(x)


m = Model()
opt_m = torch.compile(m, backend="eager")
for n in [2, 2, 3]:
    print(round(opt_m(torch.ones(n, 2)).sum().item(), 4))
