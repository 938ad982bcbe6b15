"""sidefx: a module property read in forward counts its reads on the module (self.reads += 1); the count is printed after each compiled call -- test_modules.py property on nn.Module / test_misc.py side effects on attributes."""
import torch
import torch.nn as nn

torch.manual_seed(0)


class Temp(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(3, 3)
        self.reads = 0

    @property
    def temperature(self):
        self.reads += 1
        return 2.0

    def forward(self, x):
        return (self.fc(x) / self.temperature).softmax(-1)


m = Temp()
cm = torch.compile(m)
x = torch.randn(2, 3)
for _ in range(3):
    out = cm(x)
    print(round(out[0, 0].item(), 4), m.reads)
