"""misc: itertools.groupby over a list of segment labels sums runs of tensor rows; the labels change between calls -- test_itertools.py TestBasicOps test_groupby (cpython 3_13)."""
import itertools
import torch


@torch.compile
def segment_sum(rows, labels):
    outs = []
    pos = 0
    for label, run in itertools.groupby(labels):
        n = len(list(run))
        outs.append(rows[pos:pos + n].sum(0) * (label + 1))
        pos += n
    return torch.stack(outs)


rows = torch.arange(12.0).reshape(6, 2)
print(segment_sum(rows, [0, 0, 1, 1, 1, 2]))
print(segment_sum(rows, [0, 0, 1, 1, 1, 2]))
print(segment_sum(rows, [0, 1, 1, 1, 1, 2]))
print(segment_sum(rows, [3, 3, 3, 3, 3, 3]))
