"""recomp: a ParameterDict of per-task scales iterated in forward; entries are added, popped and replaced between calls -- test_modules.py ParameterDict mutation."""
import torch
import torch.nn as nn

torch.manual_seed(0)


class Scales(nn.Module):
    def __init__(self):
        super().__init__()
        self.p = nn.ParameterDict({"a": nn.Parameter(torch.ones(2)), "b": nn.Parameter(torch.full((2,), 2.0))})

    def forward(self, x):
        out = x
        for k, v in self.p.items():
            out = out * v + len(k)
        return out


m = Scales()
cm = torch.compile(m)
x = torch.ones(2)
print(cm(x).tolist())
m.p["cc"] = nn.Parameter(torch.full((2,), 0.5))
print(cm(x).tolist())
m.p.pop("a")
print(cm(x).tolist())
m.p["b"] = nn.Parameter(torch.full((2,), -1.0))
print(cm(x).tolist())
