"""recomp: a function calls a global module m(x); between calls m.forward is replaced on the instance by a MethodType lambda -- test_guard_serialization.py test_not_present_in_generic_dict."""
import types
import torch


class Module(torch.nn.Module):
    def forward(self, x):
        return x + 1


m = Module()


@torch.compile
def fn(x):
    return m(x) * 2


x = torch.ones(3)
print(round(fn(x).sum().item(), 4))
print(round(fn(x).sum().item(), 4))
m.forward = types.MethodType(lambda self, x: x + 5, m)
print(round(fn(x).sum().item(), 4))
del m.forward
print(round(fn(x).sum().item(), 4))
