"""recomp: a module's forward reads a Python attribute attached to one of its parameters (weight.gain) and a tensor attribute attached to the module from outside; both are changed between calls -- test_input_attr_tracking.py (attributes on inputs and modules mutated between calls)."""
import torch

torch.manual_seed(0)


class Lin(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(3, 3)

    def forward(self, x):
        y = self.lin(x) * self.lin.weight.gain
        return y + self.bias_extra


m = Lin()
m.lin.weight.gain = 2
m.bias_extra = torch.zeros(3)
cm = torch.compile(m)
x = torch.ones(1, 3)
print(round(cm(x).sum().item(), 4))
m.bias_extra = torch.ones(3)
print(round(cm(x).sum().item(), 4))
m.lin.weight.gain = 3
print(round(cm(x).sum().item(), 4))
m.bias_extra = 1.5
print(round(cm(x).sum().item(), 4))
