"""recomp: a plain Python list of nn.Modules held in a global; a float attribute of one module is changed between calls -- test_modules.py test_module_in_global_list."""
import torch
import torch.nn as nn


class Scale(nn.Module):
    def __init__(self, s):
        super().__init__()
        self.s = s

    def forward(self, x):
        return x * self.s


LAYERS = [Scale(2.0), Scale(3.0)]


@torch.compile
def f(x):
    for layer in LAYERS:
        x = layer(x)
    return x


x = torch.ones(2)
print(f(x).tolist())
LAYERS[1].s = 10.0
print(f(x).tolist())
