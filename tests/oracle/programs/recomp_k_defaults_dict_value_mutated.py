"""recomp: a helper's default argument is a dict whose "s" value scales the result; the dict inside helper.__defaults__ is mutated between calls -- test_guard_serialization.py test_a_whole_tuple_guard_keeps_defaults_verbatim (guards on __defaults__ contents)."""
import torch


def helper(x, cfg={"s": 1.0}):  # noqa: B006
    return x * cfg["s"]


@torch.compile
def fn(x):
    return helper(x) + 1


x = torch.ones(3)
print(round(fn(x).sum().item(), 4))
helper.__defaults__[0]["s"] = 4.0
print(round(fn(x).sum().item(), 4))
helper.__defaults__[0]["s"] = 4.0
print(round(fn(x).sum().item(), 4))
