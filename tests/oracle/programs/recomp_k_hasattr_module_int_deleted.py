"""recomp: a module's forward branches on hasattr(self, "a") and adds self.a; the attribute is deleted between calls, then set again to another int -- test_guard_serialization.py test_hasattr_serialization."""
import torch


class Module(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.a = 1

    def forward(self, x):
        if hasattr(self, "a"):
            return x + self.a
        return x + 2


m = Module()


@torch.compile
def fn(x):
    return m(x)


x = torch.zeros(3)
print(round(fn(x).sum().item(), 4))
delattr(m, "a")
print(round(fn(x).sum().item(), 4))
m.a = 7
print(round(fn(x).sum().item(), 4))
