"""recomp: a tuple iterator argument is drained with list(); its remaining length decides a branch, later an iterator of another length -- test_guard_serialization.py test_tuple_iterator_len."""
import torch


@torch.compile
def fn(t, x):
    if len(list(t)) > 2:
        return x * 2
    return x + 1


torch.manual_seed(0)
x = torch.randn(4)
print(round(fn(iter((1, 2, 3)), x).sum().item(), 4))
print(round(fn(iter((3, 2, 1)), x).sum().item(), 4))
print(round(fn(iter((1, 2)), x).sum().item(), 4))
it = iter((1, 2, 3, 4))
next(it)
next(it)
print(round(fn(it, x).sum().item(), 4))
