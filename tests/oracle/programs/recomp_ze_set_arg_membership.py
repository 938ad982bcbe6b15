"""recomp: a set of strings passed in decides which ops run; the set's contents change."""
import torch


@torch.compile(backend="eager")
def f(x, flags):
    if "double" in flags:
        x = x * 2
    if "neg" in flags:
        x = -x
    return x


x = torch.ones(2)
print(f(x, {"double"}))
print(f(x, {"double"}))
print(f(x, {"double", "neg"}))
print(f(x, {"neg"}))
