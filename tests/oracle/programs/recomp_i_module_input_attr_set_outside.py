"""recomp: a module passed as an argument (not a global) has a plain float attribute and a tensor attribute set from outside between calls; the frame reads both -- test_input_attr_tracking.py (attributes of inputs mutated between calls)."""
import torch

torch.manual_seed(0)
lin = torch.nn.Linear(2, 2)
lin.temp = 1.0
lin.offset = torch.zeros(2)


@torch.compile
def fn(m, x):
    return m(x) / m.temp + m.offset


x = torch.ones(1, 2)
print(round(fn(lin, x).sum().item(), 4))
lin.temp = 2.0
print(round(fn(lin, x).sum().item(), 4))
lin.offset = torch.ones(2)
print(round(fn(lin, x).sum().item(), 4))
lin.offset = torch.ones(1, 2)
print(round(fn(lin, x).sum().item(), 4))
