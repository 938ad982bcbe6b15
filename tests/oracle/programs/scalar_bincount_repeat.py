"""scalar: torch.bincount and repeat_interleave with tensor repeats (data-dependent output shapes) -- test_misc.py dynamic output shape ops."""
import torch

@torch.compile
def f(labels, x):
    y = x * 2
    counts = torch.bincount(labels)
    z = y.repeat_interleave(counts[: y.shape[0]])
    return counts.float().sum() + z.sum()

f(torch.tensor([0, 1, 1, 2]), torch.ones(3))
f(torch.tensor([0, 0, 2, 2]), torch.ones(3))
