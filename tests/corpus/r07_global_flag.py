# A global the frame reads is guarded: flipping it recompiles.
# expect-entries: 2
# expect-reason: 0/0: G['SCALE'] == 2.0
import torch

SCALE = 2.0

@torch.compile
def f(x):
    return x * SCALE

f(torch.ones(2))
SCALE = 3.0
f(torch.ones(2))
