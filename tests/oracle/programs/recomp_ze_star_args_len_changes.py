"""recomp: *args whose length changes between calls, summed in a loop."""
import torch


@torch.compile(backend="eager")
def f(*xs):
    out = xs[0]
    for t in xs[1:]:
        out = out + t
    return out


t = torch.ones(2)
print(f(t, t))
print(f(t, t * 2))
print(f(t, t, t))
print(f(t))
