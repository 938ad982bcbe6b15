# The same tensor passed twice (one graph input), then two tensors.
# expect-entries: 2
# expect-reason: 0/0: a is b
import torch

@torch.compile
def f(a, b):
    return a.add_(1) + b

x = torch.ones(3)
f(x, x)
f(torch.ones(3), torch.ones(3))
