# A plain tensor, then an nn.Parameter (exact type is guarded; worded as PyTorch's guard, less its stray quote).
# expect-entries: 2
# expect-reason: 0/0: expected type of 'x' to be a tensor type, but found <class 'torch.nn.parameter.Parameter'>
import torch
@torch.compile
def f(x):
    return x * 2
f(torch.ones(2))
f(torch.nn.Parameter(torch.ones(2), requires_grad=False))
