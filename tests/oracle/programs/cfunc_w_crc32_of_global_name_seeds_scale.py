"""cfunc: the compiled function derives a scale from zlib.crc32 of a global name string (a C function on a Python constant) and a global tensor's sum; the name is rebound and the tensor edited in place between calls -- test_misc.py C functions on constants."""
import zlib
import torch

NAME = "alpha"
W = torch.tensor([1.0, 1.0])


@torch.compile
def f(x):
    k = zlib.crc32(NAME.encode()) % 7
    return x * k + W


x = torch.ones(2)
print(f(x).tolist())
NAME = "beta"
print(f(x).tolist())
W.mul_(3)
print(f(x).tolist())
NAME = "alpha"
print(f(x).tolist())
