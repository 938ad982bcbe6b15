"""recomp: a dict keyed by an nn.Module and an int, mapping to Linear modules, passed to a compiled function that looks up d[key] and calls it; a dict with the same items inserted in the other order, then a fresh dict in the first order -- test_misc.py test_dict_order_keys_modules."""
import torch
import torch.nn as nn

torch.manual_seed(0)
x = nn.Linear(2, 2)
y = nn.Linear(2, 2)
z = nn.Linear(2, 2)


@torch.compile(backend="eager")
def fn(d, key):
    return d[key](torch.ones(2, 2))


args1 = {}
args1[x] = y
args1[3] = z
print(round(fn(args1, x).sum().item(), 4))
print(round(fn(args1, x).sum().item(), 4))
args2 = {}
args2[3] = z
args2[x] = y
print(round(fn(args2, x).sum().item(), 4))
args3 = {x: y, 3: z}
print(round(fn(args3, 3).sum().item(), 4))
