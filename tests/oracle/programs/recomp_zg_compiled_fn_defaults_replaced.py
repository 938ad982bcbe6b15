"""recomp: the compiled function's own __defaults__ (a float scale) is replaced between calls."""
import torch

torch.manual_seed(0)


def step(x, scale=2.0, shift=1):
    return x * scale + shift


cstep = torch.compile(step, backend="eager")
x = torch.ones(2)
print(cstep(x))
print(cstep(x))
step.__defaults__ = (3.0, 1)
print(cstep(x))
step.__defaults__ = (3.0, 5)
print(cstep(x))
