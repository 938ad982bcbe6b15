"""recomp: allow_in_graph applied to an autograd.Function whose forward reads a closure cell rebound between calls -- test_autograd_function.py test_allow_in_graph / test_decorators.py test_allow_in_graph."""
import torch
import torch._dynamo


def make():
    k = 2.0

    class Mul(torch.autograd.Function):
        @staticmethod
        def forward(ctx, x):
            return x * k

        @staticmethod
        def backward(ctx, g):
            return g * k

    def setk(v):
        nonlocal k
        k = v

    return Mul, setk


Mul, setk = make()
torch._dynamo.allow_in_graph(Mul)


@torch.compile(backend="eager")
def f(x):
    return Mul.apply(x + 1).sum()


x = torch.arange(3.0)
print(f(x).item())
setk(5.0)
print(f(x).item())
