"""misc: custom autograd.Function whose forward returns (tensor, python int) -- non-tensor output."""
import torch


class Scale(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, k):
        ctx.k = k
        return x * k, k + 1

    @staticmethod
    def backward(ctx, g, _g2):
        return g * ctx.k, None


@torch.compile(backend="eager")
def f(x):
    y, n = Scale.apply(x, 3)
    return y.sum() * n


x = torch.ones(3, requires_grad=True)
out = f(x)
out.backward()
print(out, x.grad)
print(f(x))
