"""recomp: a global that is the int 1, then IntEnum member ONE (== 1); the fn branches on type(K) is int -- test_enum.py test_intenum_equal_int."""
import enum
import torch


class Lvl(enum.IntEnum):
    ONE = 1


K = 1


@torch.compile(backend="eager")
def f(x):
    if type(K) is int:
        return x + K
    return x - K


x = torch.zeros(2)
for k in (1, 1, Lvl.ONE, 1):
    K = k
    print(f(x).tolist())
