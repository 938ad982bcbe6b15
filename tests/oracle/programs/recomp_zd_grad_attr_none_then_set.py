"""recomp: the frame reads p.grad, None on the first call and a tensor after backward -- test_recompiles.py grad guards."""
import torch

p = torch.nn.Parameter(torch.ones(3))


@torch.compile(backend="eager")
def f(x):
    if p.grad is None:
        return (x * p).sum()
    return (x * p - p.grad).sum()


out = f(torch.ones(3))
out.backward()
print(f(torch.ones(3)))
print(f(torch.ones(3)))
