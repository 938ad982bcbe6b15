"""recomp: a class attribute read through a leaf instance; first changed on the base class, then shadowed on the middle class of the MRO -- test_descr.py / test_class.py class attribute lookups."""
import torch


class Base(torch.nn.Module):
    scale = 1.0


class Mid(Base):
    pass


class Leaf(Mid):
    def forward(self, x):
        return x * self.scale


m = torch.compile(Leaf(), backend="eager")
x = torch.arange(3.0)
print(m(x).sum().item())
Base.scale = 2.0
print(m(x).sum().item())
Mid.scale = 5.0
print(m(x).sum().item())
Base.scale = 9.0
print(m(x).sum().item())
del Mid.scale
print(m(x).sum().item())
