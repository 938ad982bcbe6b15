"""misc: repr() of a tensor inside a compiled function, then used as a string -- builtin repr on a tensor."""
import torch


@torch.compile(backend="eager")
def f(x):
    y = x.sin()
    s = repr(y.shape)
    return y + len(s)


print(f(torch.ones(3)))
print(f(torch.ones(3)))
