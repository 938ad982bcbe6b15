"""recomp: a global plain object defines __bool__, __len__ and __getitem__ that read its own state; the state changes between calls -- test_descr.py test_user_defined_dunder_methods."""
import torch


class Table:
    def __init__(self):
        self.enabled = True
        self.vals = [1.0, 2.0, 3.0]

    def __bool__(self):
        return self.enabled

    def __len__(self):
        return len(self.vals)

    def __getitem__(self, i):
        return self.vals[i] * 10


TAB = Table()


@torch.compile(backend="eager")
def f(x):
    if TAB:
        x = x + TAB[1]
    return (x * len(TAB)).sum()


torch.manual_seed(0)
x = torch.randn(4)
print(round(f(x).item(), 4))
TAB.vals[1] = -1.0
print(round(f(x).item(), 4))
TAB.enabled = False
print(round(f(x).item(), 4))
TAB.vals.append(0.0)
print(round(f(x).item(), 4))
