"""nested: torch.func.grad of a loss that reads a global float scale; the global changes -- test_higher_order_ops.py grad with global guard."""
import torch

SCALE = 2.0


def loss(w, x):
    return (w * x * SCALE).sum()


@torch.compile(backend="eager")
def f(w, x):
    g = torch.func.grad(loss)(w, x)
    return g * 2


w, x = torch.ones(3), torch.arange(3.0)
print(f(w, x))
SCALE = 3.0
print(f(w, x))
SCALE = 4.0
print(f(w, x))
