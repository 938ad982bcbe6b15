"""recomp: forward adds an L2 term over parameters filtered by p.requires_grad; the first layer is frozen between calls."""
import torch

torch.manual_seed(0)


class Net(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.a = torch.nn.Linear(2, 2)
        self.b = torch.nn.Linear(2, 1)

    def forward(self, x):
        reg = sum((p * p).sum() for p in self.parameters() if p.requires_grad)
        return self.b(self.a(x)).sum() + 0.01 * reg


net = Net()
c = torch.compile(net, backend="eager")
x = torch.ones(3, 2)
print(round(c(x).item(), 4))
for p in net.a.parameters():
    p.requires_grad_(False)
print(round(c(x).item(), 4))
print(round(c(x).item(), 4))
