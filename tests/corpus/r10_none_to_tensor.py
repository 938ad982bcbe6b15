# An optional argument that was None and now is a tensor.
# expect-entries: 2
# expect-reason: 0/0: bias is None
import torch

@torch.compile
def f(x, bias=None):
    return x if bias is None else x + bias

f(torch.ones(2))
f(torch.ones(2), torch.ones(2))
