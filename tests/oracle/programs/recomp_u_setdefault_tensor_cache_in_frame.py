"""recomp: the frame memoises a tensor in a global dict with CACHE.setdefault(n, ...); the cached tensor is later scaled in place from outside, then the entry is deleted -- test_dicts.py test_dict_setdefault / module-level memo."""
import torch

CACHE = {}


@torch.compile
def f(x):
    n = x.shape[0]
    mask = CACHE.setdefault(n, torch.arange(n, dtype=x.dtype))
    return x * mask


x = torch.ones(3)
print(f(x).tolist())
print(f(x).tolist())
CACHE[3].mul_(2)
print(f(x).tolist())
del CACHE[3]
print(f(x).tolist())
CACHE[3] = torch.full((3,), 7.0)
print(f(x).tolist())
