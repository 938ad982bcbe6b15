"""misc: iterating a passed-in dict's items -- test_functions.py test_dict_items."""
import torch

@torch.compile
def f(params):
    total = 0
    for name, t in params.items():
        total = total + t.sum()
    return total

f({"a": torch.ones(2), "b": torch.ones(3)})
