"""recomp: a global float scale read directly in the frame takes three values -- automatic dynamic for floats (compare the torch.func.grad variant)."""
import torch

SCALE = 2.0


@torch.compile(backend="eager")
def f(w, x):
    return (w * x * SCALE).sum()


w, x = torch.ones(3), torch.arange(3.0)
print(f(w, x))
SCALE = 3.0
print(f(w, x))
SCALE = 4.0
print(f(w, x))
