"""recomp: the frame enumerates an OrderedDict argument's values (sin for the first, cos for the rest); move_to_end between calls reorders them -- test_dicts.py test_ordered_dict_reordered_keys."""
from collections import OrderedDict
import torch


@torch.compile
def fn(x, d):
    y = 0
    for idx, value in enumerate(d.values()):
        if idx == 0:
            y += torch.sin(x * value)
        else:
            y += torch.cos(x * value)
    return y


d = OrderedDict()
d[2] = 4
d[3] = 5
x = torch.ones(3)
print(round(fn(x, d).sum().item(), 4))
d.move_to_end(2)
print(round(fn(x, d).sum().item(), 4))
d.move_to_end(3, last=False)
print(round(fn(x, d).sum().item(), 4))
print(round(fn(x, d).sum().item(), 4))
