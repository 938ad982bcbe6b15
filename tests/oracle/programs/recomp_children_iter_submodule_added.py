"""recomp: forward iterates self.children(); a child is added with add_module, then another deleted, between calls -- test_modules.py test_module_dict_iter_values / submodule replaced."""
import torch
import torch.nn as nn

torch.manual_seed(0)


class Stack(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(4, 4)
        self.b = nn.Tanh()

    def forward(self, x):
        for child in self.children():
            x = child(x)
        return x


m = Stack()
cm = torch.compile(m)
x = torch.randn(2, 4)
print(round(cm(x).sum().item(), 4))
m.add_module("c", nn.Linear(4, 4))
print(round(cm(x).sum().item(), 4))
del m.b
print(round(cm(x).sum().item(), 4))
print(round(cm(x).sum().item(), 4))
