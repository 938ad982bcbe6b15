# A bool keyword argument selects a branch: each value is its own entry.
# expect-entries: 2
# expect-reason: 0/0: normalize == True
import torch

@torch.compile
def f(x, normalize=True):
    if normalize:
        x = x / x.norm()
    return x * 2

f(torch.ones(4))
f(torch.ones(4), normalize=False)
