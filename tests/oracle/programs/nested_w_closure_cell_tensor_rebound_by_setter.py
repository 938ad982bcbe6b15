"""nested: a factory returns a compiled closure that reads a tensor from its cell and a setter that rebinds the cell with nonlocal; the cell tensor is edited in place, then rebound, then rebound to a longer tensor -- test_functions.py closure cells rebound by nonlocal."""
import torch


def make():
    scale = torch.tensor([1.0, 2.0])

    def apply(x):
        return x * scale

    def set_scale(s):
        nonlocal scale
        scale = s

    def get():
        return scale

    return apply, set_scale, get


apply, set_scale, get = make()
f = torch.compile(apply)
x = torch.ones(2)
print(f(x).tolist())
get().mul_(3)
print(f(x).tolist())
set_scale(torch.tensor([-1.0, 0.5]))
print(f(x).tolist())
set_scale(torch.tensor(4.0))
print(f(x).tolist())
