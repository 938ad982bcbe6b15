"""recomp: a helper the compiled function calls has a tensor default argument; the default tensor is edited in place, then the helper's __defaults__ tuple is replaced, then set back -- test_functions.py defaults read by an inlined function."""
import torch

D0 = torch.tensor([1.0, 1.0])


def shift(x, b=D0):
    return x + b


@torch.compile
def f(x):
    return shift(x) * 2


x = torch.zeros(2)
print(f(x).tolist())
D0.mul_(5)
print(f(x).tolist())
old = shift.__defaults__
shift.__defaults__ = (torch.tensor([-3.0, 3.0]),)
print(f(x).tolist())
shift.__defaults__ = old
print(f(x).tolist())
