"""recomp: dynamic=True makes an int argument symbolic, but `if n == 2` specialises it, so a new value recompiles -- test_unspec.py test_use_and_specialize."""
import torch

@torch.compile(dynamic=True)
def f(x, n):
    x = x + n
    if n == 2:
        return x - 1
    return x + 1

f(torch.tensor([5]), 2)
f(torch.tensor([6]), 2)
f(torch.tensor([5]), 3)
f(torch.tensor([4]), 3)
