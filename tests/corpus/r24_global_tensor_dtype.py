# A global tensor the frame reads is rebound to a float64 copy.
# expect-entries: 2
# expect-reason: 0/0: tensor 'G['WEIGHT']' dtype mismatch. expected Float, actual Double
import torch

WEIGHT = torch.full((3,), 0.5)

@torch.compile
def f(x):
    return x * WEIGHT

f(torch.ones(3, dtype=torch.float64))
WEIGHT = WEIGHT.double()
f(torch.ones(3, dtype=torch.float64))
