# Reading the clock is a non-deterministic source.
# expect-graphs: 2
# expect-ops: 1 1
# expect-breaks: nondeterministic-source@11
import time
import torch

@torch.compile
def f(x):
    y = x + 1
    stamp = time.time()
    return y * (stamp > 0)

f(torch.ones(2))
