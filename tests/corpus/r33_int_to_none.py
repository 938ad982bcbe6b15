# An optional int (top-k) that was set and now is None.
# expect-entries: 2
# expect-reason: 0/0: k == 2
import torch

@torch.compile
def f(x, k=None):
    return x.topk(k).values.sum() if k is not None else x.sum()

f(torch.arange(5.0), 2)
f(torch.arange(5.0))
