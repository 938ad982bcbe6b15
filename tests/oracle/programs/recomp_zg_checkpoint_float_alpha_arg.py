"""recomp: non-reentrant checkpoint of a block taking a python float alpha argument, alpha varied across calls."""
import torch
from torch.utils.checkpoint import checkpoint

torch.manual_seed(0)

W = torch.randn(4, 4)


def block(x, alpha):
    return torch.tanh(x @ W) * alpha + x


@torch.compile(backend="eager")
def f(x, alpha):
    return checkpoint(block, x, alpha, use_reentrant=False).sum()


for a in (0.5, 0.25, 0.125):
    x = torch.ones(2, 4, requires_grad=True)
    y = f(x, a)
    y.backward()
    print(round(y.item(), 4), round(x.grad.sum().item(), 4))
