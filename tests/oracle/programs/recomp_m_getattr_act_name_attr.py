"""recomp: activation looked up by name (getattr(torch, self.act)) from a str module attribute changed between calls -- test_modules.py / test_misc.py test_getattr_str_attr."""
import torch
import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.act = "relu"

    def forward(self, x):
        return getattr(torch, self.act)(x) + 1


m = M()
cm = torch.compile(m)
x = torch.tensor([-1.0, 0.5, 2.0])
print([round(v, 4) for v in cm(x).tolist()])
m.act = "sigmoid"
print([round(v, 4) for v in cm(x).tolist()])
m.act = "tanh"
print([round(v, 4) for v in cm(x).tolist()])
