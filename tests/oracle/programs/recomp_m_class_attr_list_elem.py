"""recomp: forward reads an element of a class-level list attribute (shared by all instances) mutated in place between calls -- test_misc.py test_class_attr_list_mutation."""
import torch
import torch.nn as nn


class M(nn.Module):
    levels = [2.0, 1.0]

    def forward(self, x):
        return x * self.levels[0] + type(self).levels[1]


m = M()
cm = torch.compile(m)
x = torch.arange(3.0)
print(cm(x).tolist())
M.levels[0] = 5.0
print(cm(x).tolist())
M.levels[1] = -1.0
print(cm(x).tolist())
