"""recomp: a module reads an int class attribute, a tensor class attribute and an instance int; the class attribute is reassigned -- _repros_part1.py test_class_member."""
import torch

torch.manual_seed(0)


class Shift(torch.nn.Module):
    offset = 4
    table = torch.ones(3, 4)

    def __init__(self):
        super().__init__()
        self.c = 4

    def forward(self, x):
        return x.cos() + self.offset + self.table + self.c


m = Shift()
cm = torch.compile(m)
x = torch.randn(3, 4)
print(cm(x).sum())
Shift.offset = 10
print(cm(x).sum())
Shift.table = torch.zeros(3, 4)
print(cm(x).sum())
m.offset = 1
print(cm(x).sum())
