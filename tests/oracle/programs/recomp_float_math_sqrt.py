"""recomp: a float argument goes through math.sqrt, then int() of it sizes a repeat -- test_unspec.py test_unspec_float math ops / float to int."""
import math
import torch

@torch.compile
def f(x, var):
    k = int(math.sqrt(var))
    return x.repeat(k) / math.sqrt(var + 1e-5)

for v in (1.0, 4.0, 5.0, 9.0):
    f(torch.ones(3), v)
