"""dyn: a for loop over the rows of a tensor whose first dim changes -- test_misc.py test_iter_tensor / test_dynamic_shapes."""
import torch

@torch.compile
def f(x):
    total = torch.zeros(x.shape[1])
    for row in x:
        total = total + row
    return total

for n in (2, 3, 4, 5):
    f(torch.ones(n, 3))
