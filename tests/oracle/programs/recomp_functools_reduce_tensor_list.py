"""recomp: functools.reduce with operator.mul and a lambda over a list of tensors; the list grows between calls -- test_functools.py TestReduce test_reduce (cpython 3_13)."""
import functools
import operator
import torch


@torch.compile
def combine(parts, start):
    prod = functools.reduce(operator.mul, parts)
    acc = functools.reduce(lambda a, b: a + 2 * b, parts, start)
    return prod + acc


parts = [torch.full((2,), 2.0), torch.full((2,), 3.0)]
print(combine(parts, 1))
print(combine(parts, 1))
parts.append(torch.full((2,), 0.5))
print(combine(parts, 1))
print(combine(parts, 4))
