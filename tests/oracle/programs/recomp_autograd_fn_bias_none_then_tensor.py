"""recomp: a setup_context-style linear autograd.Function called first without a bias (None), then with one -- test_autograd_function.py test_linear_setup_context."""
import torch


class LinearFn(torch.autograd.Function):
    @staticmethod
    def forward(inp, weight, bias):
        out = inp.mm(weight.t())
        if bias is not None:
            out = out + bias.unsqueeze(0)
        return out

    @staticmethod
    def setup_context(ctx, inputs, output):
        inp, weight, bias = inputs
        ctx.save_for_backward(inp, weight)
        ctx.has_bias = bias is not None

    @staticmethod
    def backward(ctx, g):
        inp, weight = ctx.saved_tensors
        gb = g.sum(0) if ctx.has_bias else None
        return g.mm(weight), g.t().mm(inp), gb


@torch.compile
def layer(x, w, b=None):
    return LinearFn.apply(x, w, b)


torch.manual_seed(0)
x = torch.randn(2, 3, dtype=torch.double, requires_grad=True)
w = torch.randn(4, 3, dtype=torch.double, requires_grad=True)
b = torch.randn(4, dtype=torch.double, requires_grad=True)
layer(x, w).sum().backward()
layer(x, w).sum().backward()
layer(x, w, b).sum().backward()
assert b.grad is not None
