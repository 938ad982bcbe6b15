"""recomp: float.is_integer() and float.as_integer_ratio() of a float argument pick the branch and the divisor -- test_float.py GeneralFloatCases test_is_integer / test_floatasratio."""
import torch


@torch.compile
def f(x, r):
    if r.is_integer():
        return x * int(r)
    num, den = r.as_integer_ratio()
    return x * num / den + den


x = torch.ones(2)
print(f(x, 2.0))
print(f(x, 2.0))
print(f(x, 0.75))
print(f(x, 3.0))
