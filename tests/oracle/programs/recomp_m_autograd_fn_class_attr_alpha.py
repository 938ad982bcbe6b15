"""recomp: autograd.Function whose static forward/backward read a class attribute reassigned between calls -- test_autograd_function.py test_autograd_function_has_graph_break / class attribute."""
import torch


class Scale(torch.autograd.Function):
    alpha = 2.0

    @staticmethod
    def forward(ctx, x):
        return x * Scale.alpha

    @staticmethod
    def backward(ctx, g):
        return g * Scale.alpha


@torch.compile
def f(x):
    return Scale.apply(x).sum()


for a in (2.0, 2.0, 4.0):
    Scale.alpha = a
    x = torch.arange(3.0, requires_grad=True)
    y = f(x)
    y.backward()
    print(round(y.item(), 3), x.grad.tolist())
