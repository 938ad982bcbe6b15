"""fullgraph: an autograd.Function scales its input in place and marks it dirty; the result of the in-place op feeds the loss -- test_autograd_function.py test_mark_dirty_discarded_output_grad."""
import torch


class TimesThreeInplace(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        x.mul_(3)
        ctx.mark_dirty(x)
        return x

    @staticmethod
    def backward(ctx, g):
        return g * 3


@torch.compile(fullgraph=True)
def f(w):
    y = torch.ones(2, 2) @ w
    TimesThreeInplace.apply(y)
    return y.sum()


for _ in range(2):
    w = torch.eye(2, requires_grad=True)
    loss = f(w)
    loss.backward()
    assert loss.item() == 12.0 and torch.allclose(w.grad, torch.full((2, 2), 6.0))
