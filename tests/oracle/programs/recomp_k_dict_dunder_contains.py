"""recomp: x.__contains__("t") on a dict argument picks the branch; later an empty dict and a dict with an extra key -- test_guard_serialization.py test_dict_contains."""
import torch


@torch.compile
def fn(d, y):
    if d.__contains__("t"):
        return d["t"] + y
    else:
        return y * 3


torch.manual_seed(0)
y = torch.randn(3)
t = torch.randn(3)
print(round(fn({"t": t}, y).sum().item(), 4))
print(round(fn({}, y).sum().item(), 4))
print(round(fn({"t": t, "d": y}, y).sum().item(), 4))
print(round(fn({"u": t}, y).sum().item(), 4))
