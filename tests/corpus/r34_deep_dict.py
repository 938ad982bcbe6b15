# A value three dicts deep changes.
# expect-entries: 2
# expect-reason: 0/0: cfg['model']['act']['slope'] == 2.0
import torch
@torch.compile
def f(x, cfg):
    return x * cfg["model"]["act"]["slope"]
f(torch.ones(2), {"model": {"act": {"slope": 2.0}}})
f(torch.ones(2), {"model": {"act": {"slope": 3.0}}})
