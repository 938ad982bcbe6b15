"""recomp: a global dict keyed by id() of modules holds per-module scales; the frame looks up id(self), and the user updates the entry between calls -- test_misc.py id() of objects (test_id_of_nn_module / id guards)."""
import torch

SCALES = {}


class M(torch.nn.Module):
    def forward(self, x):
        return x * SCALES.get(id(self), 1.0)


a = M()
b = M()
ca = torch.compile(a)
x = torch.ones(2)
SCALES[id(a)] = 2.0
print(ca(x))
print(ca(x))
SCALES[id(b)] = 7.0
print(ca(x))
SCALES[id(a)] = 5.0
print(ca(x))
