"""recomp: a dict argument holds a list of ints the frame loops over; the user appends to the inner list, then changes an element -- test_list.py / test_dicts.py nested container guards."""
import torch


@torch.compile
def fn(x, cfg):
    for d in cfg["dims"]:
        x = x * d
    return x + cfg["bias"]


cfg = {"dims": [2, 3], "bias": 1}
x = torch.ones(2)
print(fn(x, cfg).sum().item())
cfg["dims"].append(4)
print(fn(x, cfg).sum().item())
cfg["dims"][0] = 5
print(fn(x, cfg).sum().item())
print(fn(x, cfg).sum().item())
