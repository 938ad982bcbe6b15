"""recomp: an itertools.count argument is advanced with next() inside the frame; later counts start elsewhere or step differently -- test_guard_serialization.py test_count_iterator_match."""
import itertools
import torch


@torch.compile
def fn(x, counter):
    return x + next(counter)


torch.manual_seed(0)
x = torch.randn(3)
print(round(fn(x, itertools.count(2, 3)).sum().item(), 4))
print(round(fn(x, itertools.count(2, 3)).sum().item(), 4))
c = itertools.count(2, 3)
print(round(fn(x, c).sum().item(), 4), round(fn(x, c).sum().item(), 4))
print(round(fn(x, itertools.count(5, 3)).sum().item(), 4))
