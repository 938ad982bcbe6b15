"""recomp: an argument object defines __iter__ and __contains__ over its own list; the list is edited between calls -- test_iter.py test_user_defined_iter_contains."""
import torch


class Bag:
    def __init__(self, items):
        self.items = items

    def __iter__(self):
        return iter(self.items)

    def __contains__(self, v):
        return v in self.items


@torch.compile(backend="eager")
def f(x, bag):
    y = x
    for w in bag:
        y = y * w
    if 2.0 in bag:
        y = y + 100
    return y.sum()


torch.manual_seed(0)
x = torch.randn(4)
bag = Bag([2.0, 0.5])
print(round(f(x, bag).item(), 4))
bag.items[0] = 3.0
print(round(f(x, bag).item(), 4))
bag.items.append(2.0)
print(round(f(x, bag).item(), 4))
