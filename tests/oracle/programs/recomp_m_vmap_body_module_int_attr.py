"""recomp: module forward vmaps a lambda reading an int module attribute that changes between calls -- test_higher_order_ops.py test_vmap_free_const / _higher_order_ops_test_functorch.py."""
import torch
import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.k = 2

    def forward(self, x):
        return torch.vmap(lambda r: r * self.k + r.sum())(x)


m = M()
cm = torch.compile(m)
x = torch.arange(6.0).reshape(2, 3)
print(round(cm(x).sum().item(), 3))
m.k = 3
print(round(cm(x).sum().item(), 3))
m.k = 7
print(round(cm(x).sum().item(), 3))
