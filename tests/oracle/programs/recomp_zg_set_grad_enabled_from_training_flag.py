"""recomp: forward wraps body in torch.set_grad_enabled(self.training); module toggled train/eval between calls."""
import torch

torch.manual_seed(0)


class Net(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(3, 3)

    def forward(self, x):
        with torch.set_grad_enabled(self.training):
            y = self.lin(x).relu()
        return y.requires_grad, y.sum()


net = Net()
c = torch.compile(net, backend="eager")
x = torch.ones(2, 3)
print(c(x)[0])
net.eval()
print(c(x)[0])
net.train()
print(c(x)[0])
