"""recomp: P2 = functools.partial(P1, ...) is flattened by Python (P2.func is the plain function, P1's keywords copied); P1's keywords are then mutated (no effect on P2) and P2's own keywords are mutated (effect) -- test_functions.py test_partial_of_partial / partial keywords."""
import functools
import torch


def affine(x, scale=1.0, shift=0.0):
    return x * scale + shift


P1 = functools.partial(affine, scale=2.0)
P2 = functools.partial(P1, shift=1.0)


@torch.compile
def f(x):
    return P2(x)


x = torch.ones(2)
print(f(x).tolist())
P1.keywords["scale"] = 100.0
print(f(x).tolist())
P2.keywords["scale"] = 5.0
print(f(x).tolist())
