"""recomp: a user object passed as input has an optional tensor attribute checked with hasattr; the attribute is deleted, then set again to a tensor of another shape -- test_input_attr_tracking.py test_set_data_on_user_defined_class_input_tensor (attributes on user objects mutated between calls)."""
import torch


class Box:
    def __init__(self, w):
        self.w = w
        self.bias = torch.ones(3)


@torch.compile
def fn(box, x):
    y = x * box.w
    if hasattr(box, "bias"):
        y = y + box.bias.sum()
    return y


b = Box(2.0)
x = torch.ones(3)
print(round(fn(b, x).sum().item(), 4))
del b.bias
print(round(fn(b, x).sum().item(), 4))
b.bias = torch.ones(5)
print(round(fn(b, x).sum().item(), 4))
