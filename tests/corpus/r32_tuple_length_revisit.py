# A tuple of reduction dims changes length, then goes back: A, B, A makes
# two entries, and the third call is a hit on the first.
# expect-entries: 2
# expect-reason: 0/0: len(dims) == 1
import torch

@torch.compile
def f(x, dims):
    return x.sum(dims)

f(torch.ones(2, 3), (0,))
f(torch.ones(2, 3), (0, 1))
f(torch.ones(2, 3), (0,))
