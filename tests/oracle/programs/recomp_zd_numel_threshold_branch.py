"""recomp: branch on x.numel() > 8 while the input grows -- shape guard plus automatic dynamic."""
import torch


@torch.compile(backend="eager")
def f(x):
    if x.numel() > 8:
        return x.sum()
    return x.mean()


for n in [4, 6, 10, 12, 3]:
    print(f(torch.ones(n)))
