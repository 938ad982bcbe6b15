"""branch: torch.cond in a module's forward whose branches use the module's Linear layers, called with three batch sizes -- test_higher_order_ops.py test_cond_nested_module / automatic dynamic."""
import torch
import torch.nn as nn
torch.manual_seed(0)

class Gate(nn.Module):
    def __init__(self):
        super().__init__()
        self.up, self.down = nn.Linear(4, 4), nn.Linear(4, 4)

    def forward(self, x):
        h = x.relu()
        return torch.cond(h.mean() > 0.3, lambda t: self.up(t), lambda t: self.down(t) * 2, (h,))

m = torch.compile(Gate())
for n in (2, 3, 5):
    m(torch.randn(n, 4))
m(torch.randn(3, 4) + 5)
