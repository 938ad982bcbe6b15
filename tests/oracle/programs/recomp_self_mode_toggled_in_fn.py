"""recomp: the compiled forward flips its own string attribute each call (self.mode = 'b' if 'a' else 'a') and appends to a list attribute, whose length scales the output -- test_input_attr_tracking.py / test_modules.py attribute mutation."""
import torch


class M(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.mode = "a"
        self.hist = []

    def forward(self, x):
        self.hist.append(self.mode)
        if self.mode == "a":
            self.mode = "b"
            y = x.sin()
        else:
            self.mode = "a"
            y = x.cos()
        return y * len(self.hist)


m = M()
cm = torch.compile(m, backend="eager")
x = torch.arange(3.0)
for _ in range(4):
    print(round(cm(x).sum().item(), 4), m.mode, len(m.hist))
