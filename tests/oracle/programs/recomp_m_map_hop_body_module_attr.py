"""recomp: control_flow.map body reads an int attribute of a module that changes between calls -- test_higher_order_ops.py test_map_free_variable."""
import torch
import torch.nn as nn
from functorch.experimental import control_flow


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.gain = 2

    def forward(self, xs, y):
        return control_flow.map(lambda x, y: x * self.gain + y, xs, y)


m = M()
cm = torch.compile(m, backend="eager")
xs, y = torch.arange(6.0).reshape(3, 2), torch.ones(2)
print(cm(xs, y).sum().item())
m.gain = 5
print(cm(xs, y).sum().item())
