"""misc: a dict_items view built outside and passed into the frame -- test_error_messages.py test_dict_items_input."""
import torch

@torch.compile
def f(x, items):
    it = iter(items)
    key, val = next(it)
    return x.sin() * val

d = {"a": 3, "b": 4}
f(torch.ones(3), d.items())
f(torch.ones(3), d.items())
