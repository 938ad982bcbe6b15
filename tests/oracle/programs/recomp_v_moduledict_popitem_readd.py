"""recomp: a ModuleDict of heads iterated in forward; a head is popped and re-added (moving it to the end), then one is replaced by a module of another type -- test_modules.py ModuleDict mutation."""
import torch
import torch.nn as nn

torch.manual_seed(0)


class Heads(nn.Module):
    def __init__(self):
        super().__init__()
        self.h = nn.ModuleDict({"x2": nn.Linear(2, 2), "neg": nn.Linear(2, 2)})
        with torch.no_grad():
            self.h["x2"].weight.copy_(torch.eye(2) * 2)
            self.h["neg"].weight.copy_(-torch.eye(2))
            self.h["x2"].bias.fill_(1.0)
            self.h["neg"].bias.zero_()

    def forward(self, x):
        for name, mod in self.h.items():
            x = mod(x)
        return x


m = Heads()
cm = torch.compile(m)
x = torch.tensor([[1.0, 2.0]])
print(cm(x).tolist())
mod = m.h.pop("x2")
m.h["x2"] = mod
print(cm(x).tolist(), list(m.h.keys()))
m.h["neg"] = nn.Tanh()
print([round(v, 4) for v in cm(x)[0].tolist()])
