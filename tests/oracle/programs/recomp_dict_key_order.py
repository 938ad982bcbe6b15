"""recomp: the keys of a dict argument are reordered (d[k] = d.pop(k)) while the frame iterates d.items() -- test_dicts.py test_dict_guard_on_keys_order."""
import torch

@torch.compile
def f(x, d):
    for key, value in d.items():
        x = x * key + value
    return x

d = {2: 4, 3: 5}
f(torch.ones(3), d)
f(torch.ones(3), d)
d[2] = d.pop(2)
f(torch.ones(3), d)
