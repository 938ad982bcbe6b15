"""recomp: a functools.singledispatchmethod on a module picks the scale by the argument's type; an int implementation is registered after the first calls -- test_functools.py (singledispatchmethod)."""
import functools
import torch


class M(torch.nn.Module):
    @functools.singledispatchmethod
    def coef(self, v):
        return 1.0

    @coef.register
    def _(self, v: float):
        return v * 2.0

    def forward(self, x, v):
        return x * self.coef(v)


m = M()
cm = torch.compile(m, backend="eager")
x = torch.ones(3)
print(cm(x, 3).sum().item())
print(cm(x, 2.5).sum().item())


@M.coef.register
def _(self, v: int):
    return v * 10.0


print(cm(x, 3).sum().item())
