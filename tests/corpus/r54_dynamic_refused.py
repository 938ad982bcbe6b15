# Attention scaled by 1/sqrt(d) computed in Python: the scale is a float
# that changes with the size, so the recordings differ beyond sizes and
# every size stays a static entry (PyTorch would trace the sqrt symbolically).
# expect-entries: 3
# expect-dynamic: automatic dynamic size L['q'] size(1) 8 != 4
import math

import torch


@torch.compile
def f(q):
    return (q @ q.transpose(-1, -2)) / math.sqrt(q.shape[-1])


for d in (4, 8, 16):
    f(torch.randn(2, d))
