# The first half of a sequence: the slice end is s0//2, so the dynamic
# entry holds for even sizes only and an odd size fails its divisibility
# guard (a static entry then takes it).
# expect-entries: 3
# expect-hits: 1
# expect-reason: 0/1: x.size()[0] % 2 == 0
import torch


@torch.compile
def f(x):
    return x[: x.shape[0] // 2] * 2


for n in (8, 16, 10, 7):
    f(torch.arange(float(n)))
