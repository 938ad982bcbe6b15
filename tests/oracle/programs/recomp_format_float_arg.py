"""recomp: a Python float argument formatted with "{:.2f}" into a dict key -- test_functions.py test_fstrings1 (a float formatted with :.2f)."""
import torch

table = {"0.10": 1.0, "0.20": 2.0, "0.30": 3.0}

@torch.compile
def f(x, lr):
    key = "{:.2f}".format(lr)
    return x * table[key]

x = torch.ones(3)
for lr in (0.1, 0.2, 0.3, 0.2):
    f(x, lr)
