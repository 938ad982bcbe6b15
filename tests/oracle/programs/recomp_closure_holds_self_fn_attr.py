"""recomp: a factory-made function reads an attribute of itself through its own closure cell (fn reads fn.k, like a wraps decorator's wrapper); fn.k is reassigned between calls -- test_funcattrs.py / test_functions.py closures."""
import torch


def make():
    def fn(x):
        return x * fn.k

    fn.k = 2.0
    return fn


g = make()


@torch.compile(backend="eager")
def f(x):
    return g(x) + 1


x = torch.arange(3.0)
print(f(x).sum().item())
print(f(x).sum().item())
g.k = 5.0
print(f(x).sum().item())
