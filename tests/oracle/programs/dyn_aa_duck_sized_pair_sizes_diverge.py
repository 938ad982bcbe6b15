"""dyn: two inputs of equal size become dynamic as one duck-sized symbol; a later call with different sizes fails the equality guard and recompiles into the size-mismatch branch, and a later equal pair hits the duck-sized entry again -- test_misc.py test_dynamic_duck_size under automatic dynamic."""
import torch

@torch.compile
def merge(a, b):
    if a.size(0) == b.size(0):
        return a + b
    else:
        return a.sum() + b.sum()

for n, m in ((3, 3), (4, 4), (5, 6), (7, 7), (8, 2)):
    print(n, m, merge(torch.ones(n), torch.ones(m)))
