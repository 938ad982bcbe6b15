"""recomp: bool arguments used as numbers (flag + 1, sum of flags, ~flag as int, flag * 3) scale the tensor; flipping one flag recompiles -- test_bool.py BoolTest test_math / test_int."""
import torch


@torch.compile
def f(x, a, b):
    k = a + b + 1
    s = sum([a, b, True])
    return x * k + s - int(a) * 3 + (b ^ True)


x = torch.ones(2)
print(f(x, True, False))
print(f(x, True, False))
print(f(x, False, False))
print(f(x, True, True))
