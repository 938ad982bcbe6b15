"""recomp: `type(obj) in REGISTRY` on a global set of classes; the user registers the class between calls -- test_sets.py set of types membership guards."""
import torch


class Plain:
    pass


class Special:
    pass


REGISTRY = {Special}


@torch.compile
def fn(x, obj):
    if type(obj) in REGISTRY:
        return x * 10
    return x


x = torch.ones(2)
p = Plain()
print(fn(x, p).sum().item())
REGISTRY.add(Plain)
print(fn(x, p).sum().item())
REGISTRY.discard(Plain)
print(fn(x, p).sum().item())
