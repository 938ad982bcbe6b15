"""recomp: a module overrides __getattr__ to serve names from a plain dict of tensors (self.__dict__['table']) before nn.Module's lookup; forward reads self.gain; the dict entry is edited in place, replaced, and deleted (falling back to a buffer) -- test_modules.py custom __getattr__."""
import torch
import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.__dict__["table"] = {"gain": torch.tensor(2.0)}
        self.register_buffer("gain_default", torch.tensor(-1.0))

    def __getattr__(self, name):
        table = self.__dict__.get("table", {})
        if name in table:
            return table[name]
        if name == "gain":
            return super().__getattr__("gain_default")
        return super().__getattr__(name)

    def forward(self, x):
        return x * self.gain


m = M()
cm = torch.compile(m)
x = torch.arange(3.0)
print(cm(x).tolist())
m.table["gain"].fill_(5.0)
print(cm(x).tolist())
m.table["gain"] = torch.tensor(7.0)
print(cm(x).tolist())
del m.table["gain"]
print(cm(x).tolist())
