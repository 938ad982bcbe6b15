"""recomp: a compiled closure reads a cell variable that a sibling setter closure rebinds with nonlocal between calls -- test_functions.py nonlocal / closure cell tests."""
import torch


def make():
    scale = 2

    def get(x):
        return x * scale

    def set_scale(v):
        nonlocal scale
        scale = v

    return torch.compile(get), set_scale


get, set_scale = make()
x = torch.ones(2)
print(get(x).sum().item())
set_scale(3)
print(get(x).sum().item())
set_scale(3)
print(get(x).sum().item())
set_scale(4.5)
print(get(x).sum().item())
