"""recomp: a collections.Counter of token ids passed in; most_common(1) picks the row to scale, and the counts change between calls -- test_collections.py TestCounter test_basics / most_common."""
import collections
import torch


@torch.compile
def weigh(emb, counts):
    (top, n), = counts.most_common(1)
    return emb[top] * n + counts.total()


emb = torch.arange(12.0).reshape(4, 3)
c = collections.Counter([1, 1, 2])
print(weigh(emb, c))
print(weigh(emb, c))
c.update([2, 2])
print(weigh(emb, c))
c[3] += 5
print(weigh(emb, c))
