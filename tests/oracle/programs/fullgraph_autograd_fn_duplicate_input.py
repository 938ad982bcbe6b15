"""fullgraph: the same tensor passed twice to an autograd.Function: a graph break without fullgraph, an Unsupported error with it -- test_autograd_function.py test_duplicate_input_accumulates_grad."""
import torch


class Bilinear(torch.autograd.Function):
    @staticmethod
    def forward(ctx, a, b):
        ctx.save_for_backward(a, b)
        return a * b + a + b

    @staticmethod
    def backward(ctx, g):
        a, b = ctx.saved_tensors
        return g * (b + 1), g * (a + 1)


def loss(x):
    return Bilinear.apply(x, x).sum()


def mean_loss(x):
    return Bilinear.apply(x, x).mean()


lenient = torch.compile(loss)
strict = torch.compile(mean_loss, fullgraph=True)

x = torch.tensor([0.5, -1.0, 2.0], requires_grad=True)
lenient(x).backward()
lenient(x).backward()
try:
    strict(x.detach().clone().requires_grad_(True)).backward()
except Exception as e:
    print("fullgraph refused:", type(e).__name__)
