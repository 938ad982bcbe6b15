"""sidefx: the frame reads a missing key of a global defaultdict (the factory inserts it); the user swaps default_factory, then the frame reads another missing key -- test_dicts.py / test_functions.py defaultdict tests."""
import collections
import torch

D = collections.defaultdict(lambda: 2)


@torch.compile
def fn(x, key):
    return x * D[key]


x = torch.ones(2)
print(fn(x, "a").sum().item(), dict(D))
D.default_factory = lambda: 5
print(fn(x, "b").sum().item(), dict(D))
print(fn(x, "a").sum().item(), dict(D))
print(fn(x, "c").sum().item(), dict(D))
