# A plain tensor, then an nn.Parameter (exact type is guarded).
# expect-entries: 2
# expect-reason: 0/0: tensor 'x' type mismatch. expected Tensor, actual Parameter
import torch
@torch.compile
def f(x):
    return x * 2
f(torch.ones(2))
f(torch.nn.Parameter(torch.ones(2), requires_grad=False))
