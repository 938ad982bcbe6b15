"""dyn: an autograd.Function stores x.size(0) on ctx for its backward; the batch size changes between calls so the second size recompiles with a dynamic size -- test_autograd_function.py test_smuggle_symint_issue_111031."""
import torch


class ScaleByBatch(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.n = x.size(0)
        return x * 2

    @staticmethod
    def backward(ctx, g):
        return g * ctx.n


@torch.compile
def f(x):
    return ScaleByBatch.apply(x).sum()


for n in (2, 3, 4, 4):
    x = torch.ones(n, requires_grad=True)
    f(x).backward()
    assert torch.allclose(x.grad, torch.full((n,), float(n)))
