"""recomp: a deque of floats is appended to (maxlen 3) between calls; the function uses round(dq[-1]) as a Python int exponent -- test_collections.py test_deque_append_maxlen."""
import collections
import torch

HIST = collections.deque([0.4, 1.2, 2.6], maxlen=3)


@torch.compile(backend="eager")
def f(x):
    n = round(HIST[-1])
    y = x
    for _ in range(n):
        y = y * 1.5
    return (y + HIST[0]).sum()


torch.manual_seed(0)
x = torch.randn(3)
print(round(f(x).item(), 4))
for v in (2.7, 1.4, 0.2, 3.1):
    HIST.append(v)
    print(round(f(x).item(), 4))
