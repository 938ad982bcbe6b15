"""recomp: a dict_keys view is passed in and its int keys are added to x; later the keys view of a dict with other keys, then of the same dict after a key was added -- test_guard_serialization.py test_dict_keys_serialization."""
import torch


@torch.compile
def foo(x, y):
    for k in y:
        x = x + k
    return x


x = torch.zeros(3)
d = {1: 2, 3: 4}
print(round(foo(x, d.keys()).sum().item(), 4))
print(round(foo(x, {1: 0, 3: 0}.keys()).sum().item(), 4))
print(round(foo(x, {5: 2, 3: 4}.keys()).sum().item(), 4))
d[10] = 0
print(round(foo(x, d.keys()).sum().item(), 4))
