"""misc: new-style autograd.Function with separate setup_context saving input, backward run after compiled forward."""
import torch

torch.manual_seed(0)


class Cube(torch.autograd.Function):
    @staticmethod
    def forward(x):
        return x * x * x

    @staticmethod
    def setup_context(ctx, inputs, output):
        (x,) = inputs
        ctx.save_for_backward(x)

    @staticmethod
    def backward(ctx, g):
        (x,) = ctx.saved_tensors
        return 3 * x * x * g


@torch.compile(backend="eager")
def f(x):
    return Cube.apply(x).sum() + 1


for i in range(3):
    x = torch.arange(3.0).requires_grad_()
    loss = f(x)
    loss.backward()
    print(loss.item(), x.grad)
