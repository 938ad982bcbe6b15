"""real: an nn.Module holds a plain Python loss object with __call__ (focal-style gamma, label smoothing); the trainer anneals its attributes between compiled steps -- test_modules.py test_plain_callable_attr_on_module."""
import torch
import torch.nn as nn


class SmoothL1:
    def __init__(self):
        self.beta = 1.0
        self.weight = 1.0

    def __call__(self, pred, target):
        d = (pred - target).abs()
        loss = torch.where(d < self.beta, 0.5 * d * d / self.beta, d - 0.5 * self.beta)
        return loss.mean() * self.weight


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(3, 1)
        self.crit = SmoothL1()

    def forward(self, x, y):
        return self.crit(self.lin(x), y)


torch.manual_seed(0)
net = Net()
step = torch.compile(net, backend="eager")
x, y = torch.randn(8, 3), torch.randn(8, 1)
for i in range(3):
    print(round(step(x, y).item(), 4))
    net.crit.beta = 0.5 / (i + 1)
    net.crit.weight = 2.0 + i
