# A list of Python ints (a target shape): each element is guarded by value.
# expect-entries: 2
# expect-reason: 0/0: shape[0] == 2
import torch

@torch.compile
def f(x, shape):
    return x.reshape(shape).sum(-1)

f(torch.arange(12.0), [2, 6])
f(torch.arange(12.0), [2, 6])
f(torch.arange(12.0), [3, 4])
