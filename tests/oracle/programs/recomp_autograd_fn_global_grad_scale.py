"""recomp: an autograd.Function's forward stores a module-level scale on ctx; the global changes between training steps -- test_autograd_function.py test_function_ctx_does_not_instantiate_function."""
import torch

GRAD_SCALE = 3.0


class ScaledSin(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.scale = GRAD_SCALE
        ctx.save_for_backward(x)
        return x.sin()

    @staticmethod
    def backward(ctx, g):
        (x,) = ctx.saved_tensors
        return g * x.cos() * ctx.scale


@torch.compile
def step(x):
    return ScaledSin.apply(x).sum()


x = torch.linspace(0.0, 1.0, 4, requires_grad=True)
for scale in (3.0, 3.0, 0.5, 0.5):
    GRAD_SCALE = scale
    x.grad = None
    step(x).backward()
    assert torch.allclose(x.grad, x.detach().cos() * scale)
