# One more positional argument collected in *xs.
# expect-entries: 2
# expect-reason: 0/0: len(xs) == 2
import torch
@torch.compile
def f(*xs):
    return sum(xs)
f(torch.ones(2), torch.ones(2))
f(torch.ones(2), torch.ones(2), torch.ones(2))
