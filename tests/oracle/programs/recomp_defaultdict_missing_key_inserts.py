"""recomp: reading a missing key of a defaultdict argument inside the frame inserts it, so the next call sees new keys -- test_defaultdict.py TestDefaultDict test_missing / test_basic."""
import collections
import torch


@torch.compile
def gather(x, stats, key):
    stats[key] += 1
    return x * stats[key] + len(stats)


stats = collections.defaultdict(int)
x = torch.ones(2)
print(gather(x, stats, "a"))
print(gather(x, stats, "a"))
print(gather(x, stats, "b"))
print(gather(x, stats, "b"))
print(dict(stats))
