"""fullgraph: an autograd.Function with a @once_differentiable backward compiles in one graph; later called on a non-leaf and on a tensor without grad -- test_autograd_function.py test_once_differentiable."""
import torch
from torch.autograd.function import once_differentiable


class HalfGrad(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return x.clone()

    @staticmethod
    @once_differentiable
    def backward(ctx, g):
        return g * 0.5


@torch.compile(fullgraph=True)
def f(x):
    return HalfGrad.apply(x * 2).sum()


x = torch.ones(3, requires_grad=True)
f(x).backward()
f(x).backward()
assert torch.allclose(x.grad, torch.full((3,), 2.0))
f(torch.ones(3))
