"""recomp: a helper function carries an attribute in its __dict__ (fn.scale) that the frame reads through the helper; the user rebinds the attribute between calls -- test_funcattrs.py FunctionPropertiesTest test___dict__ / arbitrary function attributes."""
import torch


def helper(x):
    return x * helper.scale


helper.scale = 2.0


@torch.compile
def f(x):
    return helper(x) + 1


x = torch.ones(2)
print(f(x))
print(f(x))
helper.scale = 3.0
print(f(x))
