"""recomp: a module's _parameters reordered between calls while the frame enumerates mod.parameters() -- test_modules.py test_param_order."""
import torch

class Holder(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.first = torch.nn.Parameter(torch.ones(1))
        self.second = torch.nn.Parameter(torch.ones(2))

mod = Holder()
weights = [2, 3]

@torch.compile
def f(x):
    for i, p in enumerate(mod.parameters()):
        x = x + p.sum() * weights[i]
    return x

f(torch.zeros(1))
mod._parameters["first"] = mod._parameters.pop("first")
f(torch.zeros(1))
f(torch.zeros(1))
