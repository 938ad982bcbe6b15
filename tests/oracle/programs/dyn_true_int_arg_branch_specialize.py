"""dyn: dynamic=True with an int argument added to a tensor and compared in a branch (y == 2); a new int takes the other branch -- test_unspec.py test_use_and_specialize."""
import torch


@torch.compile(fullgraph=True, dynamic=True)
def fn(x, y):
    x = x + y
    if y == 2:
        return x - 1
    return x + 1


print(fn(torch.tensor([5]), 2).item())
print(fn(torch.tensor([6]), 2).item())
print(fn(torch.tensor([5]), 3).item())
print(fn(torch.tensor([4]), 3).item())
print(fn(torch.tensor([4]), 7).item())
