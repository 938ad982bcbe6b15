"""recomp: one compiled function called with no torch function mode, under Mode1, under Mode1+Mode2, under Mode2+Mode1, then Mode1 again (reuses) -- test_modes.py test_torch_function_mode_guards_cpp."""
import torch
from torch.overrides import BaseTorchFunctionMode


class Mode1(BaseTorchFunctionMode):
    pass


class Mode2(BaseTorchFunctionMode):
    pass


@torch.compile
def f(x):
    return x + 1


x = torch.ones(2, 2)
print(f(x).sum().item())
with Mode1():
    print(f(x).sum().item())
with Mode1(), Mode2():
    print(f(x).sum().item())
with Mode2(), Mode1():
    print(f(x).sum().item())
with Mode1():
    print(f(x).sum().item())
print(f(x).sum().item())
