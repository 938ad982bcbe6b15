# A number read with .item() steers what follows: a call with a new value is
# a new entry (Dynamo specialises the resume function on it, `___stack0 ==
# 2.0`, and recompiles it), a call with a value seen before a hit.
# expect-entries: 2
# expect-hits: 1
# expect-breaks: tensor-to-python@14
# expect-graphs: 3
# expect-reason: 0/0: ___stack0 == 2.0  # the value of torch.Tensor.item at c48_item_value.py:14 (tensor data converted to python) the code after it was specialised on; this call's is 4.0
import torch


@torch.compile
def scale(x, w):
    s = w.sum().item()
    return x * s


x = torch.ones(3)
scale(x, torch.ones(2))
scale(x, torch.full((2,), 2.0))
scale(x, torch.ones(2))
