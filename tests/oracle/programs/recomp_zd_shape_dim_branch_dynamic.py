"""recomp: branch on x.shape[0] > 8 while the input grows (compare numel variant) -- automatic dynamic with a size guard."""
import torch


@torch.compile(backend="eager")
def f(x):
    if x.shape[0] > 8:
        return x.sum()
    return x.mean()


for n in [4, 6, 10, 12, 3]:
    print(f(torch.ones(n)))
