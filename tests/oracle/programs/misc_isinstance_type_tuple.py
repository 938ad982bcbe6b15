"""misc: isinstance with tuples of types (numbers, containers, modules) to normalise arguments -- test_functions.py test_isinstance tuples."""
import torch

def as_list(v):
    if isinstance(v, (list, tuple)):
        return list(v)
    if isinstance(v, (int, float)):
        return [v]
    return [v]

@torch.compile
def f(x, scales, mod):
    out = x
    for s in as_list(scales):
        out = out * s
    if isinstance(mod, (torch.nn.Linear, torch.nn.Conv1d)):
        out = mod(out)
    return out

lin = torch.nn.Linear(2, 2)
f(torch.ones(2), (2, 3), lin)
f(torch.ones(2), (2, 3), lin)
f(torch.ones(2), (2, 3, 4), lin)
