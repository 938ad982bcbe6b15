"""recomp: a `match` statement with mapping patterns on a config dict argument; the dict is mutated in place (a key added, a value changed, a key deleted) between calls -- test_misc.py test_match_mapping / PEP 634 mapping patterns."""
import torch


@torch.compile
def f(x, cfg):
    match cfg:
        case {"mode": "scale", "k": k}:
            return x * k
        case {"mode": "shift", "k": k}:
            return x + k
        case {"mode": _}:
            return x.neg()
        case _:
            return x


x = torch.arange(3.0)
c = {"mode": "scale"}
print(f(x, c).tolist())
c["k"] = 2.0
print(f(x, c).tolist())
c["mode"] = "shift"
print(f(x, c).tolist())
del c["mode"]
print(f(x, c).tolist())
