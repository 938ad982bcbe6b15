# Attention scaled by 1/sqrt(d) computed in Python: the size becomes dynamic
# once it changes, but the scale computed from it in Python is a number the
# graph holds, so the next size computes something else than the dynamic
# entry and records a third one (PyTorch traces the sqrt symbolically and
# keeps 2 entries: a known difference of the oracle's scalar-dynamic kind).
# expect-entries: 3
# expect-dynamic: dynamic size L['q'] size(1) = 8: automatic dynamic: its size changed in an earlier compile of this frame
# expect-reason: 0/1: the call computed something else than entry 0/1: graph 0/1/0.nodes[2].args[1]: expected 2.8284271247461903, got 4.0
import math

import torch


@torch.compile
def f(q):
    return (q @ q.transpose(-1, -2)) / math.sqrt(q.shape[-1])


for d in (4, 8, 16):
    f(torch.randn(2, d))
