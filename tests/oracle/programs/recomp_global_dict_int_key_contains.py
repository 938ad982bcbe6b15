"""recomp: `1 in sd` on a global dict with int keys; the user adds key 1 (recompile), then changes an unread value (no recompile) -- test_dicts.py test_dict_contains."""
import torch

sd = dict()
sd[2] = 5
sd[4] = 10


@torch.compile
def fn(x):
    if 1 in sd:
        x = x * 2
    else:
        x = x * 3
    return x


x = torch.ones(4)
print(fn(x).sum().item())
sd[1] = 15
print(fn(x).sum().item())
sd[2] = 10
print(fn(x).sum().item())
del sd[1]
print(fn(x).sum().item())
