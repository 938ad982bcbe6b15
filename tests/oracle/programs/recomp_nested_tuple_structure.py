"""recomp: a tuple argument whose second element is a nested tuple, then a tensor -- test_repros.py test_guard_fail_nested_tuple."""
import torch

@torch.compile
def f(args):
    return torch.ones(()), args[0] * 2

f((torch.ones(1), (torch.ones(1), torch.ones(1))))
f((torch.ones(1), torch.ones(1)))
f((torch.ones(1), torch.ones(1)))
