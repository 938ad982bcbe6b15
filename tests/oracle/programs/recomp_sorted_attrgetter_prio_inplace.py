"""recomp: sorted(items, key=operator.attrgetter('prio')) over a global list of objects whose prio is changed in place between calls; the sorted order picks the weights -- test_sort.py / test_operator.py attrgetter."""
import operator
import torch


class Item:
    def __init__(self, prio, w):
        self.prio = prio
        self.w = w


items = [Item(3, 1.0), Item(1, 2.0), Item(2, 3.0)]


@torch.compile(backend="eager")
def f(x):
    order = sorted(items, key=operator.attrgetter("prio"))
    y = x
    for i, it in enumerate(order):
        y = y + it.w * (i + 1)
    return y


x = torch.zeros(2)
print(f(x).sum().item())
print(f(x).sum().item())
items[0].prio = 0
print(f(x).sum().item())
