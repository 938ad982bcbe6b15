"""scalar: the compiled function turns a global step counter tensor into a Python int (int(STEP)) and uses it as a loop count and a multiplier; STEP is incremented in place between calls -- test_unspec.py int() of a tensor read as Python."""
import torch

STEP = torch.tensor(1)


@torch.compile
def f(x):
    n = int(STEP)
    for _ in range(n):
        x = x * 2
    return x + n


x = torch.ones(2)
print(f(x).tolist())
STEP.add_(1)
print(f(x).tolist())
STEP.add_(1)
print(f(x).tolist())
STEP.fill_(1)
print(f(x).tolist())
