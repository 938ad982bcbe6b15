"""recomp: a global settings dict read inside forward is mutated (value changed, key added) between calls -- test_global.py test_global_dict_read."""
import torch

torch.manual_seed(0)

SETTINGS = {"scale": 2.0, "use_bias": True}


class Layer(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.w = torch.nn.Parameter(torch.randn(3))

    def forward(self, x):
        y = x * self.w * SETTINGS["scale"]
        if SETTINGS["use_bias"]:
            y = y + 1
        if "clip" in SETTINGS:
            y = y.clamp(max=SETTINGS["clip"])
        return y


cm = torch.compile(Layer())
x = torch.ones(3)
print(cm(x))
print(cm(x))
SETTINGS["use_bias"] = False
print(cm(x))
SETTINGS["clip"] = 0.5
print(cm(x))
SETTINGS["scale"] = 3.0
print(cm(x))
