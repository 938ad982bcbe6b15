"""recomp: a config object passed as an argument holds a sub-object whose float attribute changes in place between calls -- test_input_attr_tracking.py test_nested_attr_arg."""
import torch


class Sub:
    def __init__(self):
        self.k = 1.5
        self.on = True


class Cfg:
    def __init__(self):
        self.sub = Sub()
        self.name = "a"


@torch.compile(backend="eager")
def f(x, cfg):
    y = x * cfg.sub.k
    if cfg.sub.on:
        y = y + 1
    return y.sum()


torch.manual_seed(0)
x = torch.randn(4)
c = Cfg()
print(round(f(x, c).item(), 4))
c.sub.k = 2.5
print(round(f(x, c).item(), 4))
c.sub.on = False
print(round(f(x, c).item(), 4))
c.sub = Sub()
print(round(f(x, c).item(), 4))
