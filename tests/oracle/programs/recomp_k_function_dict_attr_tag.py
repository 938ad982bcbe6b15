"""recomp: a global helper has a float attribute `tag` (in its __dict__) that it reads through the global name; the tag changes between calls and an unrelated attribute is added -- test_guard_serialization.py test_reduce_keeps_the_function_dict_key_set."""
import torch


def base(x):
    return x * base.tag


base.tag = 2.0


@torch.compile
def fn(x):
    return base(x) + 1


x = torch.ones(3)
print(round(fn(x).sum().item(), 4))
base.cache = object()
print(round(fn(x).sum().item(), 4))
base.tag = 5.0
print(round(fn(x).sum().item(), 4))
