"""recomp: a fresh lambda passed as an argument each call closes over an object whose attribute changes -- test_functions.py test_closure_arg_obj_attr."""
import torch


class State:
    def __init__(self):
        self.temp = 1.0


s = State()


@torch.compile(backend="eager")
def f(x, fn):
    return fn(x).sum()


def make(obj):
    return lambda t: t / obj.temp


torch.manual_seed(0)
x = torch.randn(4)
print(round(f(x, make(s)).item(), 4))
s.temp = 4.0
print(round(f(x, make(s)).item(), 4))
s.temp = 0.5
print(round(f(x, make(s)).item(), 4))
