"""recomp: a global functools.partial whose positional argument is a list mutated between calls -- test_functions.py test_partial_args_mutation."""
import functools
import torch


def helper(coefs, x):
    return x * coefs[0] + coefs[1]


P = functools.partial(helper, [2.0, 1.0])


@torch.compile
def f(x):
    return P(x)


x = torch.arange(3.0)
print(f(x).tolist())
P.args[0][0] = 5.0
print(f(x).tolist())
