"""recomp: a dict attribute attached to the input tensor (x.cfg) supplies a float and a mode string read in the frame; the dict's entries are changed between calls on the same tensor -- test_input_attr_tracking.py (attributes of inputs mutated between calls)."""
import torch


@torch.compile
def fn(x):
    cfg = x.cfg
    y = x * cfg["scale"]
    if cfg["mode"] == "shift":
        y = y + 1
    return y


x = torch.ones(3)
x.cfg = {"scale": 2.0, "mode": "shift"}
print(round(fn(x).sum().item(), 4))
x.cfg["mode"] = "none"
print(round(fn(x).sum().item(), 4))
x.cfg["scale"] = 3.0
print(round(fn(x).sum().item(), 4))
