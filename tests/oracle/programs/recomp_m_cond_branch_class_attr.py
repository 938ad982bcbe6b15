"""recomp: torch.cond branches read a class attribute that is reassigned on the class between calls (Dynamo errors lifting it; caught) -- test_higher_order_ops.py test_cond_free_variable_in_both_branches."""
import torch


class Gate:
    SCALE = 2.0


def tb(x):
    return x * Gate.SCALE


def fb(x):
    return x - Gate.SCALE


@torch.compile
def f(x):
    return torch.cond(x.sum() > 0, tb, fb, (x,))


def call(x):
    try:
        return f(x).tolist()
    except Exception as e:
        return type(e).__name__


x = torch.arange(3.0)
print(call(x), call(-x - 1))
Gate.SCALE = 5.0
print(call(x), call(-x - 1))
