"""fullgraph: an autograd.Function returns a tensor together with a Python list of ints; the caller uses the list to index -- test_autograd_function.py test_forward_returns_constant."""
import torch


class WithMeta(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return x.clone(), [0, 2]

    @staticmethod
    def backward(ctx, g, g_meta):
        return g


@torch.compile(fullgraph=True)
def f(x):
    y, idx = WithMeta.apply(x)
    return y[idx[0]] + y[idx[1]]


x = torch.arange(4.0, requires_grad=True)
for _ in range(2):
    out = f(x)
    assert out.item() == 2.0
    out.backward()
