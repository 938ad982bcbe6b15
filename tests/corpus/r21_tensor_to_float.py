# An argument that was a tensor and now is a Python float (PyTorch's wording,
# less a stray quote it prints).
# expect-entries: 2
# expect-reason: 0/0: expected type of 'scale' to be a tensor type, but found <class 'float'>
import torch

@torch.compile
def f(x, scale):
    return x * scale

f(torch.ones(3), torch.tensor(2.0))
f(torch.ones(3), 2.0)
