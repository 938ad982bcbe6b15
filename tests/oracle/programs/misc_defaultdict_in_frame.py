"""misc: collections.defaultdict(list) built and filled inside the frame -- test_dicts.py test_defaultdict."""
import collections
import torch

@torch.compile
def f(xs):
    groups = collections.defaultdict(list)
    for i, x in enumerate(xs):
        groups[i % 2].append(x)
    return {k: torch.stack(v).sum(0) for k, v in groups.items()}

f([torch.ones(2), torch.ones(2) * 2, torch.ones(2) * 3])
