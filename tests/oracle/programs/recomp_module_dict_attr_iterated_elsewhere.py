"""recomp: forward tests a key of a dict attribute and a helper method sums over all its values; a key is added between calls, so the whole key set matters -- test_modules.py dict attribute guards, test_dicts.py test_lazy_key_guarding (the non-lazy side)."""
import torch


class Scaler(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.gains = {"a": 2.0}

    def total(self):
        return sum(self.gains.values())

    def forward(self, x):
        if "a" in self.gains:
            x = x * self.gains["a"]
        return x + self.total()


m = Scaler()
c = torch.compile(m)
x = torch.ones(3)
print(c(x))
print(c(x))
m.gains["b"] = 1.0
print(c(x))
print(c(x))
