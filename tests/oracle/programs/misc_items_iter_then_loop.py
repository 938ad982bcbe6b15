"""misc: iter() of a dict_items argument breaks, and the loop over what it returned makes Dynamo give up on the rest of the frame -- test_error_messages.py dict_items input, iterated after the break."""
import torch


@torch.compile
def f(x, items):
    y = x * 2
    it = iter(items)
    for k, v in it:
        y = y + v
    return y.sin()


f(torch.ones(3), {"a": 1.0, "b": 2.0}.items())
