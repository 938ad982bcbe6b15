"""recomp: a torch.Tensor subclass carries a Python instance attribute `scale` on the object; the compiled function reads x.scale; the attribute is reassigned on the same tensor between calls -- test_subclasses.py tensor subclass attributes guarded."""
import torch


class Scaled(torch.Tensor):
    pass


@torch.compile
def f(x):
    return (x * x.scale).sum()


x = torch.arange(3.0).as_subclass(Scaled)
x.scale = 2.0
print(round(f(x).item(), 4))
x.scale = 3.0
print(round(f(x).item(), 4))
x.scale = torch.tensor(4.0)
print(round(f(x).item(), 4))
x.scale.mul_(0.5)
print(round(f(x).item(), 4))
