# A keyword argument collected in **opts changes.
# expect-entries: 2
# expect-reason: 0/0: opts['scale'] == 2.0
import torch
@torch.compile
def f(x, **opts):
    return x * opts.get("scale", 1.0)
f(torch.ones(2), scale=2.0)
f(torch.ones(2), scale=3.0)
