"""recomp: an inlined helper's mutable default list of floats is changed in place by the user (helper.__defaults__[0][0] = ...) between calls -- test_functions.py test_func_default_tensor_args (mutated defaults)."""
import torch


def helper(x, weights=[1.0, 2.0]):
    return x * weights[0] + weights[1]


@torch.compile
def fn(x):
    return helper(x)


x = torch.ones(2)
print(fn(x).sum().item())
helper.__defaults__[0][0] = 3.0
print(fn(x).sum().item())
helper.__defaults__[0].append(9.0)
print(fn(x).sum().item())
print(fn(x).sum().item())
