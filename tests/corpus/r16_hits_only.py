# Many calls with the same kind of inputs: one entry, the rest are hits.
# expect-entries: 1
import torch

@torch.compile
def f(x, k):
    return x.pow(k)

for _ in range(50):
    f(torch.randn(8), 2)
