"""cfunc: a torch.autograd.Function subclass applied in the frame, backward outside -- test_autograd_function.py test_autograd_function_equivalence."""
import torch

class Double(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return x + x

    @staticmethod
    def backward(ctx, grad):
        return grad * 2

@torch.compile
def f(x):
    return Double.apply(x).sin()

x = torch.ones(3, requires_grad=True)
f(x).sum().backward()
f(torch.ones(3))
