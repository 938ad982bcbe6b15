"""recomp: an autograd.Function's forward only saves the weight when ctx.needs_input_grad says the input needs a gradient; the weight is frozen between calls -- test_autograd_function.py test_needs_input_grad / LinearFunction needs_input_grad."""
import torch


class Mul(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, w):
        if ctx.needs_input_grad[1]:
            ctx.save_for_backward(x, w)
        else:
            ctx.save_for_backward(None, w)
        return x * w

    @staticmethod
    def backward(ctx, g):
        x, w = ctx.saved_tensors
        gw = g * x if x is not None else None
        return g * w, gw


@torch.compile
def f(x, w):
    return Mul.apply(x, w).sum()


x = torch.tensor([1.0, 2.0], requires_grad=True)
w = torch.tensor([3.0, 4.0], requires_grad=True)
f(x, w).backward()
w.requires_grad_(False)
f(x, w).backward()
f(x, w).backward()
assert torch.allclose(x.grad, 3 * w)
