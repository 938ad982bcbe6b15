"""sidefx: a global collections.deque(maxlen=2) appended to inside the compiled fn and its len read -- test_misc.py deque."""
import collections
import torch

HIST = collections.deque(maxlen=2)


@torch.compile(backend="eager")
def f(x):
    HIST.append(x.sum())
    return x * len(HIST)


for _ in range(4):
    print(f(torch.ones(2)))
