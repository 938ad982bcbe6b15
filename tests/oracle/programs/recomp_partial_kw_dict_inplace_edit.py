"""recomp: a global functools.partial whose keywords dict is mutated in place (p.keywords['scale'] = ...) between calls -- test_functools.py test_partial / test_functions.py partial keywords."""
import functools
import torch


def op(x, scale=1.0, shift=0.0):
    return x * scale + shift


p = functools.partial(op, scale=2.0, shift=1.0)


@torch.compile(backend="eager")
def f(x):
    return p(x.cos())


x = torch.arange(3.0)
print(round(f(x).sum().item(), 4))
print(round(f(x).sum().item(), 4))
p.keywords["scale"] = 4.0
print(round(f(x).sum().item(), 4))
p.keywords["shift"] = -3.0
print(round(f(x).sum().item(), 4))
