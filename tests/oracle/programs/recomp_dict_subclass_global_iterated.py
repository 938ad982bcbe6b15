"""recomp: a global dict subclass iterated by values(), keys() and items(), read with get() and an instance attribute; the user adds a key, then changes the attribute -- test_dicts.py test_dict_subclass_methods_fallback_readonly."""
import torch


class SimpleDict(dict):
    pass


sd = SimpleDict()
sd[2] = 5
sd[4] = 10
sd.attr = 4


@torch.compile
def fn(x):
    for value in sd.values():
        x = x * value
    for key in sd:
        x = x * key
    for k, v in sd.items():
        x = x + k - v
    if 1 in sd:
        x = x * 2
    else:
        x = x * 3
    x = x * sd.get(2, 0)
    x = x * sd.get(3, 4)
    x = len(sd) * x
    x = x * sd.attr
    return x


x = torch.ones(2)
print(fn(x).sum().item())
sd[6] = 15
print(fn(x).sum().item())
sd.attr = 5
print(fn(x).sum().item())
print(fn(x).sum().item())
