"""recomp: the frame uses getattr(x, "shape"); between calls builtins.getattr itself is replaced by a wrapper that changes the answer, then restored -- test_guard_serialization.py test_builtin_match."""
import builtins
import torch


@torch.compile
def fn(x):
    s = getattr(x, "shape")  # noqa: B009
    return x + s[0]


x = torch.zeros(3)
print(round(fn(x).sum().item(), 4))
orig = builtins.getattr


def getattr_new(obj, name, *default):
    if name == "shape":
        return (100,)
    return orig(obj, name, *default)


builtins.getattr = getattr_new
try:
    print(round(fn(x).sum().item(), 4))
finally:
    builtins.getattr = orig
print(round(fn(x).sum().item(), 4))
