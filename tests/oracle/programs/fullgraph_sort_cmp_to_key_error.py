"""fullgraph: list.sort(key=functools.cmp_to_key(...)) under fullgraph=True cannot be traced; the program catches the error and falls back to a key= lambda, which itself fails once the ints turn dynamic -- test_list.py ListTests test_sort_cmp_to_key."""
import functools
import torch


def closer_to_zero(a, b):
    return (abs(a) > abs(b)) - (abs(a) < abs(b))


@torch.compile(fullgraph=True)
def order_cmp(x, vals):
    vals = list(vals)
    vals.sort(key=functools.cmp_to_key(closer_to_zero))
    return x[vals[0]]


@torch.compile(fullgraph=True)
def order_key(x, vals):
    vals = sorted(vals, key=lambda v: abs(v))
    return x[vals[0]]


x = torch.arange(10.0)
for vals in ([3, -1, 2], [3, -1, 2], [-4, 5, 2]):
    try:
        print(order_cmp(x, vals))
    except Exception as e:
        print("fullgraph error:", type(e).__name__)
        try:
            print(order_key(x, vals))
        except Exception as e2:
            print("fallback fullgraph error:", type(e2).__name__)
