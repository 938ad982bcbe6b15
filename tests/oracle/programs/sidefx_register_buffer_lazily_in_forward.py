"""sidefx: forward registers a buffer on its first call (hasattr check, register_buffer) and reads it on later calls -- test_repros.py module attribute mutation / test_modules.py test_self_mutating1."""
import torch
import torch.nn as nn

torch.manual_seed(0)


class FirstSeen(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(3, 3)

    def forward(self, x):
        if not hasattr(self, "first"):
            self.register_buffer("first", x.detach().clone())
        return self.lin(x - self.first)


m = FirstSeen()
cm = torch.compile(m)
for i in range(3):
    out = cm(torch.full((2, 3), float(i)))
    print(round(out.sum().item(), 4), sorted(dict(m.named_buffers())))
