"""recomp: a torch.jit.script function called from the compiled fn, later a different scripted fn is bound to the same global -- test_interop.py test_script_fn."""
import torch


def fn(a, b):
    return a + b * 0.67


def fn2(a, b):
    return a - b * 2


script_fn = torch.jit.script(fn)


@torch.compile
def f(a, b):
    return script_fn(a, b) + 1


a, b = torch.arange(3.0), torch.ones(3)
print([round(v, 3) for v in f(a, b).tolist()])
script_fn = torch.jit.script(fn2)
print([round(v, 3) for v in f(a, b).tolist()])
