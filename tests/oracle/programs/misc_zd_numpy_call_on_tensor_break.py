"""misc: x.numpy() inside the compiled frame, result fed to torch.from_numpy -- test_misc.py numpy interop."""
import torch


@torch.compile(backend="eager")
def f(x):
    y = x + 1
    a = y.numpy()
    return torch.from_numpy(a * 2) + y


print(f(torch.ones(3)))
print(f(torch.ones(3)))
