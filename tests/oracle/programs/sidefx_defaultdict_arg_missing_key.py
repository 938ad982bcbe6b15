"""sidefx: a collections.defaultdict(int) passed in is bumped with counts[key] += 1 inside the frame (__missing__ inserts the key); the key is a str argument, so later calls see new keys and counts -- test_defaultdict.py TestDefaultDict test_basic / test_missing."""
import collections
import torch


@torch.compile
def f(x, counts, key):
    counts[key] += 1
    return x * counts[key] + len(counts)


c = collections.defaultdict(int)
x = torch.ones(2)
print(f(x, c, "a"))
print(f(x, c, "a"))
print(f(x, c, "b"))
print(f(x, c, "a"))
print(dict(c))
