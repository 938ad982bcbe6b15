"""misc: a value read from Python's random module before a break and used only after it (a timer's start, t0 = time.perf_counter(), in this shape) -- test_misc.py / test_unspec.py random values across breaks."""
import random
import torch

random.seed(3)

@torch.compile
def f(x):
    t0 = random.random()
    y = x.sin() + 1
    dt = random.random() - t0
    return y, dt

for _ in range(3):
    f(torch.ones(4))
