# requires_grad is part of a tensor guard.
# expect-entries: 2
# expect-reason: 0/0: tensor 'x' requires_grad mismatch. expected requires_grad=0
import torch

@torch.compile
def f(x):
    return x * 2

f(torch.ones(3))
f(torch.ones(3, requires_grad=True))
