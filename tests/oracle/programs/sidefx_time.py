"""sidefx: time.time() inside the frame -- test_misc.py test_time."""
import time
import torch

@torch.compile
def f(x):
    t0 = time.time()
    y = x.sin()
    return y, t0

f(torch.ones(2))
