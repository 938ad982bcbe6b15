"""skip: a loop over self.children() whose body reads a running statistic with .item() -- test_modules.py children() iteration with graph break in loop."""
import torch
torch.manual_seed(0)

class Net(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.a = torch.nn.Linear(3, 3)
        self.b = torch.nn.Linear(3, 3)

    def forward(self, x):
        total = 0.0
        for layer in self.children():
            x = layer(x)
            total += x.abs().max().item()
        return x, total

m = torch.compile(Net())
m(torch.randn(2, 3))
