# torch.autograd.grad is an autograd call too.
# expect-graphs: 2
# expect-ops: 2 1
# expect-breaks: autograd@10
import torch

@torch.compile
def f(w):
    y = (w * w).sum()
    (g,) = torch.autograd.grad(y, w)
    return g + 1

f(torch.ones(2, requires_grad=True))
