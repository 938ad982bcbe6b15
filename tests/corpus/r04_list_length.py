# A list argument: its length, then each element.
# expect-entries: 2
# expect-reason: 0/0: len(xs) == 2
import torch

@torch.compile
def f(xs):
    return torch.stack(xs).sum(0)

f([torch.ones(2), torch.ones(2)])
f([torch.ones(2), torch.ones(2), torch.ones(2)])
