"""recomp: a list of user objects sorted by operator.attrgetter inside the frame decides the order tensors are concatenated; the caller changes one object's priority -- test_sort.py TestBase / test_operator.py test_attrgetter (cpython 3_13)."""
import operator
import torch


class Part:
    def __init__(self, prio, t):
        self.prio = prio
        self.t = t


@torch.compile
def assemble(parts):
    ordered = sorted(parts, key=operator.attrgetter("prio"))
    return torch.cat([p.t for p in ordered])


a = Part(1, torch.tensor([1.0]))
b = Part(2, torch.tensor([2.0]))
c = Part(3, torch.tensor([3.0]))
print(assemble([a, b, c]))
print(assemble([a, b, c]))
a.prio = 5
print(assemble([a, b, c]))
c.prio = 0
print(assemble([a, b, c]))
