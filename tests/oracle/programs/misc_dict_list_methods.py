"""misc: dict.get/setdefault/pop/update and list insert/pop/reverse/index on Python values -- test_functions.py dict and list methods."""
import torch

@torch.compile
def f(x, cfg):
    d = dict(cfg)
    d.setdefault("bias", 1)
    d.update(scale=d.get("scale", 2) + 1)
    shift = d.pop("shift", 0)
    order = [3, 1, 2]
    order.insert(0, 5)
    order.reverse()
    last = order.pop()
    return x * d["scale"] + d["bias"] + shift + last + order.index(1)

f(torch.ones(2), {"scale": 2})
f(torch.ones(2), {"scale": 2})
f(torch.ones(2), {"scale": 5})
