"""fullgraph: an autograd.Function marks one output non-differentiable; the caller branches on that output's requires_grad -- test_autograd_function.py test_mark_non_differentiable."""
import torch


class SplitOut(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, y):
        a = x.sin()
        b = y * 2
        ctx.mark_non_differentiable(b)
        return a, b

    @staticmethod
    def backward(ctx, ga, gb):
        return ga.cos(), None


@torch.compile(fullgraph=True)
def f(x, y):
    a, b = SplitOut.apply(x, y)
    if b.requires_grad:
        return a + b
    return a * 2


x = torch.tensor([1.0, 2.0], requires_grad=True)
y = torch.tensor([3.0, 4.0], requires_grad=True)
r = f(x, y)
r.sum().backward()
f(x, y.detach())
f(x.detach(), y)
