"""scalar: python float lr argument used both in a tensor update and a python `if lr > 0.05` branch, lr decays over calls."""
import torch

torch.manual_seed(0)


@torch.compile(backend="eager")
def step(w, g, lr):
    if lr > 0.05:
        w = w - lr * g
    else:
        w = w - lr * g.sign()
    return w


w = torch.ones(3)
g = torch.tensor([0.5, -1.0, 2.0])
for lr in (0.2, 0.1, 0.04, 0.02):
    w = step(w, g, lr)
    print(w)
