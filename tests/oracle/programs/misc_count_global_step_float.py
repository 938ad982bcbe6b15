"""misc: a global itertools.count with a float step (count(0.5, 0.25)) is advanced inside the compiled function; then the global is rebound to a fresh count -- test_itertools.py test_count_float_step."""
import itertools
import torch

C = itertools.count(0.5, 0.25)


@torch.compile(backend="eager")
def f(x):
    return x * next(C)


x = torch.ones(2)
for _ in range(3):
    print(f(x).sum().item())
C = itertools.count(0.5, 0.25)
print(f(x).sum().item())
