# A string argument (a mode switch) is guarded by value.
# expect-entries: 2
# expect-reason: 0/0: mode == 'sum'
import torch

@torch.compile
def f(x, mode):
    return x.sum() if mode == "sum" else x.mean()

f(torch.ones(4), "sum")
f(torch.ones(4), "sum")
f(torch.ones(4), "mean")
