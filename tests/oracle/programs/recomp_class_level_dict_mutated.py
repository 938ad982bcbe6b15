"""recomp: a method reads a class-level dict (Cls.TABLE) by key; the user mutates the class dict in place, then rebinds it on the instance -- test_functions.py class attribute guards."""
import torch


class Op:
    TABLE = {"add": 1.0, "mul": 2.0}

    def apply(self, x, kind):
        return x * self.TABLE[kind]


op = Op()


@torch.compile
def fn(x):
    return op.apply(x, "mul") + op.apply(x, "add")


x = torch.ones(2)
print(fn(x).sum().item())
Op.TABLE["mul"] = 5.0
print(fn(x).sum().item())
op.TABLE = {"add": 0.0, "mul": 1.0}
print(fn(x).sum().item())
print(fn(x).sum().item())
