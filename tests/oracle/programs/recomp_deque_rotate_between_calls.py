"""recomp: a global collections.deque of floats is rotated between calls; the function reads dq[0] and iterates it -- test_deque / test_collections.py test_deque_rotate."""
import collections
import torch

DQ = collections.deque([1.0, 2.0, 3.0])


@torch.compile(backend="eager")
def f(x):
    y = x * DQ[0]
    for i, v in enumerate(DQ):
        y = y + v * (i + 1)
    return y.sum()


torch.manual_seed(0)
x = torch.randn(4)
print(round(f(x).item(), 4))
DQ.rotate(1)
print(round(f(x).item(), 4))
DQ.rotate(-2)
print(round(f(x).item(), 4))
DQ.appendleft(0.5)
print(round(f(x).item(), 4))
