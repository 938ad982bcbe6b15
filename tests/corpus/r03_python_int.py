# A Python int argument is guarded by value.
# expect-entries: 2
# expect-reason: 0/0: n == 2
import torch

@torch.compile
def f(x, n):
    for _ in range(n):
        x = x + 1
    return x

f(torch.ones(2), 2)
f(torch.ones(2), 2)
f(torch.ones(2), 3)
