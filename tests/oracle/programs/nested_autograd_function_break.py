"""nested: a graph break inside an autograd.Function's forward -- test_autograd_function.py CustomFunc3 graph break in forward."""
import torch
import torch._dynamo

class Triple(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        y = x + x
        torch._dynamo.graph_break()
        return y + x

    @staticmethod
    def backward(ctx, grad):
        return grad * 3

@torch.compile
def f(x):
    return Triple.apply(x * 2) + 1

f(torch.ones(3, requires_grad=True)).sum().backward()
