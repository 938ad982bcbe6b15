"""recomp: a helper walks zip(itertools.count(), batch["args"]) collecting shapes and sums; the list inside the dict argument has three tensors, then one, then three of other widths -- test_repros.py test_dict_list_values."""
import itertools

import torch


def inner(pairs):
    out = []
    for i, t in pairs:
        out.append((i, t.shape[1], t.sum() * (i + 1)))
    return out


@torch.compile(backend="eager")
def fn(batch):
    rows = inner(zip(itertools.count(), batch["args"]))
    return [(i, w) for i, w, _ in rows], sum(s for _, _, s in rows)


print(fn({"args": [torch.ones(2, 2), torch.ones(2, 3), torch.ones(2, 4)]}))
print(fn({"args": [torch.ones(2, 2)]}))
print(fn({"args": [torch.ones(2, 5), torch.ones(2, 6), torch.ones(2, 7)]}))
