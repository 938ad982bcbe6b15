"""scalar: a float argument passed through abs() and round(); the float changes each call -- test_unspec.py builtins on unspec float."""
import torch


@torch.compile(backend="eager")
def f(x, s):
    return x * abs(s) + round(s, 1)


x = torch.ones(3)
print(f(x, -1.25))
print(f(x, 2.5))
print(f(x, -3.75))
