# A global list changed in place (same object, new element).
# expect-entries: 2
# expect-reason: 0/0: G['CONFIG'][0] == 2.0
import torch
CONFIG = [2.0]
@torch.compile
def f(x):
    return x * CONFIG[0]
f(torch.ones(2))
CONFIG[0] = 3.0
f(torch.ones(2))
