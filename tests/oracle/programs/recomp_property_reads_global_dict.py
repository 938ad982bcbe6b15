"""recomp: a property on the module reads a global settings dict; the dict entry is changed in place between calls -- test_descr.py / test_functions.py property getters."""
import torch

SETTINGS = {"scale": 2.0, "mode": "add"}


class M(torch.nn.Module):
    @property
    def scale(self):
        return SETTINGS["scale"]

    @property
    def adding(self):
        return SETTINGS["mode"] == "add"

    def forward(self, x):
        y = x * self.scale
        if self.adding:
            y = y + 1
        return y


m = torch.compile(M(), backend="eager")
x = torch.arange(3.0)
print(m(x).sum().item())
SETTINGS["scale"] = 3.0
print(m(x).sum().item())
SETTINGS["mode"] = "none"
print(m(x).sum().item())
