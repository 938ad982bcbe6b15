"""recomp: itertools.chain over two global lists of floats in a Horner loop; one list is mutated in place and the other extended -- test_itertools.py test_chain_lists."""
import itertools

import torch

A = [1.0, 2.0]
B = [0.5]


@torch.compile(backend="eager")
def f(x):
    y = torch.zeros_like(x)
    for c in itertools.chain(A, B):
        y = y * x + c
    return y.sum()


torch.manual_seed(0)
x = torch.randn(4)
print(round(f(x).item(), 4))
A[1] = -2.0
print(round(f(x).item(), 4))
B.extend([1.0, 1.0])
print(round(f(x).item(), 4))
A[0], B[0] = B[0], A[0]
print(round(f(x).item(), 4))
