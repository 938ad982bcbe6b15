"""nested: a helper method appends to self.history and prints; forward calls it twice -- test_modules.py method with side effects and breaks."""
import torch


class Net(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(2, 2)
        self.history = []

    def record(self, t):
        self.history.append(t.detach())
        print("recorded", len(self.history))
        return t

    def forward(self, x):
        h = self.record(self.lin(x))
        return self.record(h.relu())


torch.manual_seed(0)
m = torch.compile(Net(), backend="eager")
x = torch.randn(1, 2)
m(x)
m(x)
print(len(m.history))
