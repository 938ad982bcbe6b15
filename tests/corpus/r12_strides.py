# The same shape with other strides (a transposed view) is another entry.
# expect-entries: 2
# expect-reason: 0/0: tensor 'x' stride mismatch at index 0. expected 3, actual 1
import torch

@torch.compile
def f(x):
    return x.sum(0)

f(torch.ones(3, 3))
f(torch.ones(3, 3).t())
