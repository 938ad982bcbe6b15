"""recomp: a global that is 1, then True (equal, different type) feeds torch.full, so the result dtype differs -- test_unspec.py / test_guard_manager.py constant type match."""
import torch

K = 1


@torch.compile(backend="eager")
def f(x):
    t = torch.full((2,), K)
    return x + t.sum(), t.dtype


x = torch.zeros(2)
for k in (1, 1, True, 1):
    K = k
    y, dt = f(x)
    print(y.tolist(), dt)
