"""misc: autograd.Function returning two outputs with set_materialize_grads(False); only one output feeds the loss."""
import torch

torch.manual_seed(0)


class SplitScale(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.set_materialize_grads(False)
        ctx.save_for_backward(x)
        return x * 2, x * 3

    @staticmethod
    def backward(ctx, ga, gb):
        (x,) = ctx.saved_tensors
        out = torch.zeros_like(x)
        if ga is not None:
            out = out + 2 * ga
        if gb is not None:
            out = out + 3 * gb
        return out


@torch.compile(backend="eager")
def f(x):
    a, b = SplitScale.apply(x)
    return a.sum()


for _ in range(2):
    x = torch.ones(4, requires_grad=True)
    f(x).backward()
    print(x.grad)
