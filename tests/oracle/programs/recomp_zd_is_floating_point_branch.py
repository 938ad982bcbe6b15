"""recomp: branch on x.is_floating_point(); the input dtype switches float -> int -> double -- test_misc.py is_floating_point constant folding."""
import torch


@torch.compile(backend="eager")
def f(x):
    if x.is_floating_point():
        return x / 2
    return x // 2


print(f(torch.arange(4.0)))
print(f(torch.arange(4)))
print(f(torch.arange(4, dtype=torch.float64)))
print(f(torch.arange(4.0)))
