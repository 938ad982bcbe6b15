"""recomp: autograd.Function takes a Python dict of options, stores it on ctx; backward reads a value that the caller changes between calls -- test_autograd_function.py test_non_tensor_args / ctx attributes."""
import torch


class Clip(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, opts):
        ctx.opts = opts
        return x.clamp(-opts["lim"], opts["lim"])

    @staticmethod
    def backward(ctx, g):
        return g * ctx.opts["gscale"], None


@torch.compile
def f(x, opts):
    return Clip.apply(x * 2, opts).sum()


opts = {"lim": 1.0, "gscale": 1.0}
for lim, gs in ((1.0, 1.0), (3.0, 1.0), (3.0, 0.25)):
    opts["lim"], opts["gscale"] = lim, gs
    x = torch.tensor([-1.0, 0.25, 1.0], requires_grad=True)
    y = f(x, opts)
    y.backward()
    print(y.item(), x.grad.tolist())
