"""recomp: an int subclass instance with an extra attribute is passed in; arithmetic uses it as an int and a method adds its attribute; values and the plain int recompile -- test_int.py IntSubclassTests / test_numeric_tower."""
import torch


class Steps(int):
    def __new__(cls, v, bonus):
        o = super().__new__(cls, v)
        o.bonus = bonus
        return o

    def total(self):
        return int(self) + self.bonus


@torch.compile
def f(x, n):
    y = x * (n + 1)
    if isinstance(n, Steps):
        y = y + n.total()
    return y


x = torch.ones(2)
print(f(x, Steps(2, 5)))
print(f(x, Steps(2, 5)))
print(f(x, Steps(2, 6)))
print(f(x, 2))
