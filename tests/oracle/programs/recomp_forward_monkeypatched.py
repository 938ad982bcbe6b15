"""recomp: an instance's forward replaced with types.MethodType between calls -- test_modules.py test_monkeypatching_forward."""
import types
import torch

class Sine(torch.nn.Module):
    def forward(self, x):
        return torch.sin(x)

class Cosine(torch.nn.Module):
    def forward(self, x):
        return torch.cos(x)

mod = Cosine()

@torch.compile
def run(x):
    return mod(x) + 1

x = torch.ones(4)
run(x)
run(x)
mod.forward = types.MethodType(Sine.forward, mod)
run(x)
run(x)
