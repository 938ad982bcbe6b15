"""recomp: forward folds an nn.ParameterDict in iteration order (non-commutative); an entry is popped and re-inserted between calls -- test_modules.py test_parameterdict_iteration."""
import torch
import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.pd = nn.ParameterDict({"a": nn.Parameter(torch.full((2,), 2.0)), "b": nn.Parameter(torch.full((2,), 3.0))})

    def forward(self, x):
        for i, (k, p) in enumerate(self.pd.items()):
            x = x * p + i
        return x


m = M()
cm = torch.compile(m)
x = torch.ones(2)
with torch.no_grad():
    print(cm(x).tolist())
    a = m.pd.pop("a")
    m.pd["a"] = a
    print(cm(x).tolist())
