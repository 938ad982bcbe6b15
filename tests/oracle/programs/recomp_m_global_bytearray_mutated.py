"""recomp: a global bytearray whose first byte is changed in place between calls selects the scale -- test_misc.py test_bytearray_global (mutable builtin)."""
import torch

FLAGS = bytearray(b"\x02\x00")


@torch.compile(backend="eager")
def f(x):
    return x * FLAGS[0]


x = torch.ones(2)
print(f(x).tolist())
FLAGS[0] = 7
print(f(x).tolist())
