"""recomp: itertools.product over two ranges builds index pairs that fill a tensor; the int sizes change -- test_itertools.py TestBasicOps test_product (cpython 3_13)."""
import itertools
import torch


@torch.compile
def grid(base, rows, cols):
    out = torch.zeros(4, 4)
    for i, j in itertools.product(range(rows), range(cols)):
        out[i, j] = base[i] * base[j]
    return out


base = torch.arange(1.0, 5.0)
print(grid(base, 2, 2))
print(grid(base, 2, 2))
print(grid(base, 3, 2))
print(grid(base, 3, 4))
