# The same shape in float64: the dtype is part of the tensor guard.
# expect-entries: 2
# expect-reason: 0/0: tensor 'x' dtype mismatch. expected Float, actual Double
import torch

@torch.compile
def f(x):
    return x.softmax(-1)

f(torch.randn(2, 4))
f(torch.randn(2, 4, dtype=torch.float64))
