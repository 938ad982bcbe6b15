"""recomp: a class passed in (torch.nn.ReLU, then torch.nn.Tanh) -- test_recompiles.py ID_MATCH on classes."""
import torch
@torch.compile
def f(x, act):
    return act()(x)
x = torch.linspace(-1, 1, 4)
f(x, torch.nn.ReLU); f(x, torch.nn.Tanh)
