"""recomp: a range object passed as an argument is sliced, reversed and indexed inside the frame to pick tensor rows (dynamic=False); ranges with another step or start recompile -- test_range.py RangeTest test_slice / test_reverse_iteration (cpython 3_13)."""
import torch


@torch.compile(dynamic=False)
def pick(x, r):
    idx = list(r[1:])
    back = list(reversed(r))
    return x[idx].sum(0) + x[back[0]] * len(r) + r.step


x = torch.arange(20.0).reshape(10, 2)
print(pick(x, range(0, 6, 2)))
print(pick(x, range(0, 6, 2)))
print(pick(x, range(0, 9, 3)))
print(pick(x, range(1, 10, 3)))
