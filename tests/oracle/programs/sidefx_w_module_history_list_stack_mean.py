"""sidefx: a module appends each detached input to a Python list attribute and returns the mean of the stacked history; the list is trimmed and cleared from outside between calls -- test_modules.py list attribute mutated in forward."""
import torch
import torch.nn as nn


class Smooth(nn.Module):
    def __init__(self):
        super().__init__()
        self.history = []

    def forward(self, x):
        self.history.append(x.detach())
        return torch.stack(self.history).mean(0)


m = Smooth()
cm = torch.compile(m)
for v in (1.0, 3.0, 5.0):
    print(cm(torch.full((2,), v)).tolist())
del m.history[0]
print(cm(torch.full((2,), 7.0)).tolist(), len(m.history))
m.history.clear()
print(cm(torch.full((2,), 9.0)).tolist(), len(m.history))
