"""misc: a proxy object whose __getattribute__ forwards every name to a wrapped target; the target is swapped with object.__setattr__ between calls, then the new target's attribute changes -- test_misc.py test_getattribute_proxy / __getattribute__ forwarding."""
import torch


class Proxy:
    def __init__(self, target):
        object.__setattr__(self, "_target", target)

    def __getattribute__(self, name):
        return getattr(object.__getattribute__(self, "_target"), name)


class A:
    scale = 2.0


class B:
    def __init__(self):
        self.scale = 7.0


P = Proxy(A())


@torch.compile
def f(x):
    return x * P.scale + 1


x = torch.ones(2)
print(f(x).tolist())
b = B()
object.__setattr__(P, "_target", b)
print(f(x).tolist())
b.scale = -1.0
print(f(x).tolist())
