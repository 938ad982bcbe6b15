"""recomp: a module's forward prints a running message only when self.training; called in train mode twice (a graph break each time), then after .eval() (a recompile with no break), then back in train mode -- test_repros.py module train/eval flag in forward."""
import torch


class Net(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(3, 3)
        with torch.no_grad():
            self.lin.weight.copy_(torch.eye(3))
            self.lin.bias.zero_()

    def forward(self, x):
        h = self.lin(x)
        if self.training:
            print("training step")
            h = h * 0.5
        return h.relu().sum()


net = Net()
opt = torch.compile(net, backend="eager")
x = torch.ones(2, 3)
print(opt(x).item())
print(opt(x).item())
net.eval()
print(opt(x).item())
net.train()
print(opt(x).item())
