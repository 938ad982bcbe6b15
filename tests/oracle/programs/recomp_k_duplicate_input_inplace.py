"""recomp: fn(x, x_) mutates x in place then adds x_; called with the same tensor twice, then with two distinct tensors -- test_guard_serialization.py test_duplicate_input."""
import torch


@torch.compile
def fn(x, x_):
    x.mul_(2)
    return x + x_


torch.manual_seed(0)
a = torch.ones(3)
print(round(fn(a, a).sum().item(), 4))
b = torch.ones(3)
c = torch.ones(3)
print(round(fn(b, c).sum().item(), 4))
d = torch.ones(3)
print(round(fn(d, d).sum().item(), 4))
