"""recomp: a functools.singledispatchmethod defined on a base module class picks a per-type transform of an argument; the subclass is compiled and a new type is registered on the base between calls -- test_functools.py singledispatchmethod, inherited."""
import functools
import torch


class Base(torch.nn.Module):
    @functools.singledispatchmethod
    def prep(self, v):
        return 0.0

    @prep.register
    def _(self, v: float):
        return v + 0.5


class Net(Base):
    def forward(self, x, v):
        return x * self.prep(v) + 1


m = Net()
cm = torch.compile(m, backend="eager")
x = torch.ones(2)
print(cm(x, 1.0).tolist())
print(cm(x, 2).tolist())


@Base.prep.register
def _(self, v: int):
    return float(v * 3)


print(cm(x, 2).tolist())
print(cm(x, 2.0).tolist())
