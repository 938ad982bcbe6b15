"""recomp: an attribute of a __slots__ object reached through two levels (model.state.scale, model.state.inner.shift) changes between calls -- test_descr.py slots / test_misc.py test_slots."""
import torch


class Inner:
    __slots__ = ("shift",)

    def __init__(self):
        self.shift = 1.0


class State:
    __slots__ = ("scale", "inner")

    def __init__(self):
        self.scale = 2.0
        self.inner = Inner()


class M(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.state = State()

    def forward(self, x):
        return x * self.state.scale + self.state.inner.shift


m = M()
cm = torch.compile(m, backend="eager")
x = torch.arange(3.0)
print(cm(x).sum().item())
m.state.scale = 3.0
print(cm(x).sum().item())
m.state.inner.shift = -2.0
print(cm(x).sum().item())
