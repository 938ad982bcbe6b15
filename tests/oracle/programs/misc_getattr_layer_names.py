"""misc: forward looks layers up with getattr(self, f"layer{i}") in a loop -- test_modules.py getattr on submodules by constructed name."""
import torch
torch.manual_seed(0)

class Net(torch.nn.Module):
    def __init__(self, n):
        super().__init__()
        self.n = n
        for i in range(n):
            setattr(self, f"layer{i}", torch.nn.Linear(4, 4))

    def forward(self, x):
        for i in range(self.n):
            x = getattr(self, f"layer{i}")(x).relu()
        return x

m = torch.compile(Net(3))
m(torch.randn(2, 4))
m(torch.randn(2, 4))
