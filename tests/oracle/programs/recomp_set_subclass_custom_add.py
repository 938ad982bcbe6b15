"""recomp: a set subclass whose add() shifts the item is filled inside the frame; its size and membership then steer tensor ops, and the int argument changes -- test_sets.py CustomSetTests test_custom_add."""
import torch


class ShiftSet(set):
    def add(self, item):
        return super().add(item + 1)


@torch.compile
def mark(x, k):
    s = ShiftSet([1, 2])
    s.add(k)
    if 4 in s:
        x = x * 10
    return x + len(s)


x = torch.ones(2)
print(mark(x, 3))
print(mark(x, 3))
print(mark(x, 1))
print(mark(x, 7))
