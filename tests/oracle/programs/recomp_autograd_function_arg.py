"""recomp: a custom autograd.Function taking a Python float scale; a new scale recompiles -- test_autograd_function.py test_function_with_bound_free_variable / non-tensor args."""
import torch

class ScaleGrad(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, k):
        ctx.k = k
        return x.clone()

    @staticmethod
    def backward(ctx, g):
        return g * ctx.k, None

@torch.compile
def f(x, k):
    return ScaleGrad.apply(x, k).sum()

x = torch.ones(3, requires_grad=True)
f(x, 0.5).backward()
f(x, 0.5).backward()
f(x, 2.0).backward()
