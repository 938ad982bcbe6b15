"""sidefx: setattr of a Python int on an nn.Module inside the frame, then a print graph break."""
import torch


class M(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.calls = 0

    def forward(self, x):
        self.calls += 1
        y = x * self.calls
        print("calls", self.calls)
        return y + 1


m = M()
opt = torch.compile(m, backend="eager")
x = torch.ones(2)
for _ in range(3):
    print(opt(x))
print(m.calls)
