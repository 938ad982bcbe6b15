"""recomp: the input tensor carries a Python list attribute (x.meta) whose sum scales the result; the list is appended to and an item replaced between calls -- test_input_attr_tracking.py (attributes of inputs mutated between calls)."""
import torch


@torch.compile
def fn(x):
    return x * sum(x.meta) + len(x.meta)


x = torch.ones(3)
x.meta = [1, 2]
print(round(fn(x).sum().item(), 4))
x.meta.append(3)
print(round(fn(x).sum().item(), 4))
x.meta[0] = 10
print(round(fn(x).sum().item(), 4))
