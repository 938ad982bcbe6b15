"""recomp: forward folds a plain dict module attribute in iteration order (non-commutative); a key is popped and re-inserted between calls -- test_dicts.py / test_modules.py dict attribute iteration order."""
import torch
import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.coefs = {"a": 2.0, "b": 3.0}

    def forward(self, x):
        for i, (k, c) in enumerate(self.coefs.items()):
            x = x * c + i
        return x


m = M()
cm = torch.compile(m)
x = torch.ones(2)
print(cm(x).tolist())
m.coefs["a"] = m.coefs.pop("a")
print(cm(x).tolist())
