"""misc: list.index of a missing string raises ValueError caught outside -- test_repros.py test_list_index_not_found."""
import torch

@torch.compile
def f(t, name):
    t = t * 2
    names = ["bar", "foo", "baz"]
    return t + names.index(name)

f(torch.zeros(2), "baz")
try:
    f(torch.zeros(2), "missing")
except ValueError:
    print("ValueError")
