"""misc: an autograd.Function whose forward/backward are classmethods reading a class attribute that is changed between calls -- test_autograd_function.py test_classmethod."""
import torch


class Shift(torch.autograd.Function):
    amount = 1.0

    @classmethod
    def forward(cls, ctx, x):
        return x + cls.amount

    @classmethod
    def backward(cls, ctx, g):
        return g


@torch.compile
def f(x):
    return Shift.apply(x)


x = torch.zeros(2, 2, requires_grad=True)
assert f(x)[0, 0].item() == 1.0
f(x).sum().backward()
Shift.amount = 5.0
assert f(x)[0, 0].item() == 5.0
