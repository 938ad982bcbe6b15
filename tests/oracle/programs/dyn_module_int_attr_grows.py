"""dyn: an nn.Module int attribute (self.n) used as a repeat count changes 2 -> 3 -> 4 -> 5 between calls; is it specialised on each value or made dynamic? -- test_dynamic_shapes.py / test_unspec.py int attributes."""
import torch


class M(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.n = 2

    def forward(self, x):
        return x.repeat(self.n).sum() * self.n


m = M()
cm = torch.compile(m, backend="eager")
x = torch.arange(3.0)
for n in (2, 3, 4, 5):
    m.n = n
    print(cm(x).item())
