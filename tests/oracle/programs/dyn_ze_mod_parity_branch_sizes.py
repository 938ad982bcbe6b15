"""dyn: branch on x.shape[0] % 2 with sizes 3, 5, 6, 7 -- automatic dynamic, then a parity guard fails."""
import torch


@torch.compile(backend="eager")
def f(x):
    if x.shape[0] % 2 == 0:
        return x.sum(0) * 2
    return x.sum(0) - 1


for n in [3, 5, 6, 7, 8]:
    print(f(torch.ones(n, 2)))
