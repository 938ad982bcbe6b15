# A new batch size misses entry 0: a second entry, with PyTorch's wording.
# expect-entries: 2
# expect-reason: 0/0: tensor 'x' size mismatch at index 0. expected 4, actual 6
import torch

@torch.compile
def f(x):
    return x.relu()

f(torch.randn(4, 3))
f(torch.randn(4, 3))
f(torch.randn(6, 3))
