# Python's random module is a non-deterministic source.
# expect-graphs: 2
# expect-ops: 1 1
# expect-breaks: nondeterministic-source@11
import random
import torch

@torch.compile
def f(x):
    y = x - 1
    jitter = random.random()
    return y + jitter * 0

f(torch.ones(2))
