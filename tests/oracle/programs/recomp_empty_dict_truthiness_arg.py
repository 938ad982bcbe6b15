"""recomp: `if d:` on a dict argument, called with an empty dict, a non-empty one, then empty again after clear() -- test_dicts.py test_empty_dict_recompilation."""
import torch


@torch.compile(fullgraph=True)
def fn(d, x):
    if d:
        return torch.cos(x) + len(d)
    return torch.sin(x)


x = torch.zeros(4)
d = {}
print(round(fn(d, x).sum().item(), 4))
d["a"] = 1
print(round(fn(d, x).sum().item(), 4))
d["b"] = 2
print(round(fn(d, x).sum().item(), 4))
d.clear()
print(round(fn(d, x).sum().item(), 4))
