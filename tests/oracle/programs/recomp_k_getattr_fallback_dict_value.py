"""recomp: a user object answers unknown attributes from an internal dict through __getattr__; the frame reads obj.scale, and the dict entry changes between calls -- test_guard_serialization.py GetattrProxy (__getattr__ served attributes)."""
import torch


class Proxy:
    def __init__(self):
        self._d = {"scale": 2.0}

    def __getattr__(self, name):
        d = self.__dict__["_d"]
        if name in d:
            return d[name]
        raise AttributeError(name)


p = Proxy()


@torch.compile
def fn(x):
    return x * p.scale


x = torch.ones(3)
print(round(fn(x).sum().item(), 4))
p._d["scale"] = 5.0
print(round(fn(x).sum().item(), 4))
p.scale = 7.0
print(round(fn(x).sum().item(), 4))
