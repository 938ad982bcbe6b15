"""recomp: dict.pop of a missing key raises KeyError caught in the frame, then the key is present -- test_exceptions.py test_dict_pop."""
import torch

@torch.compile
def f(d, x):
    try:
        d.pop("b")
    except KeyError:
        return torch.sin(x)
    else:
        return torch.cos(x)

x = torch.ones(3)
f({"a": 1}, x)
f({"a": 1, "b": 2}, x)
f({"a": 5}, x)
