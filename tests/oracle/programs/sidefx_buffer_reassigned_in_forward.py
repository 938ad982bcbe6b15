"""sidefx: forward replaces a buffer with a new tensor (self.state = decay*state + x.mean()), not in place; later calls read the new object -- test_repros.py module attribute mutation in forward."""
import torch
import torch.nn as nn

torch.manual_seed(0)


class Ema(nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer("state", torch.zeros(3))

    def forward(self, x):
        self.state = self.state * 0.5 + x.mean(0)
        return x - self.state


m = Ema()
cm = torch.compile(m)
for i in range(4):
    out = cm(torch.full((2, 3), float(i + 1)))
    print(round(out.sum().item(), 4), [round(v, 4) for v in m.state.tolist()])
print("state" in dict(m.named_buffers()))
