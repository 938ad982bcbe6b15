"""recomp: a range iterator argument is looped over and the last value is added; a later iterator has another start, then another step -- test_guard_serialization.py test_range_iterator_match."""
import torch


@torch.compile
def fn(x, r):
    y = x
    for val in r:
        y = x + val
    return y


torch.manual_seed(0)
x = torch.randn(3)
print(round(fn(x, iter(range(2, 15, 3))).sum().item(), 4))
print(round(fn(x, iter(range(2, 16, 3))).sum().item(), 4))
print(round(fn(x, iter(range(1, 15, 3))).sum().item(), 4))
print(round(fn(x, iter(range(2, 15, 4))).sum().item(), 4))
