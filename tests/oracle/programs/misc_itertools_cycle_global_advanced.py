"""misc: a global itertools.cycle object is advanced with next() inside the compiled function, so each call sees the next factor -- test_itertools.py test_cycle / test_iter.py."""
import itertools
import torch

factors = itertools.cycle([1.0, 2.0, 3.0])


@torch.compile(backend="eager")
def f(x):
    k = next(factors)
    return x * k


x = torch.ones(2)
for _ in range(5):
    print(f(x).sum().item())
