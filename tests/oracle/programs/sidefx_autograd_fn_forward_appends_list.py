"""sidefx: an autograd.Function's forward appends an intermediate to a list passed in by the caller -- test_autograd_function.py test_nonlocal_list_mutation_in_autograd_function."""
import torch


class SinCos(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, sink):
        s = x.sin()
        sink.append(s)
        return s.cos(), x.exp()

    @staticmethod
    def backward(ctx, g1, g2):
        return g1 + g2, None


@torch.compile
def f(x):
    sink = []
    a, b = SinCos.apply(x, sink)
    return a + b, sink[0], len(sink)


x = torch.full((3, 3), 0.25, requires_grad=True)
for _ in range(3):
    out, kept, n = f(x)
    out.sum().backward()
    assert n == 1 and torch.allclose(kept, x.detach().sin())
