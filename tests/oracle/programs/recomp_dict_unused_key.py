"""recomp: a global dict whose unread keys change (no recompile) and then whose read value changes -- test_dicts.py test_lazy_key_guarding / test_dict_contains."""
import torch

table = {"a": 2, "b": 3, "c": 5}

@torch.compile
def f(x):
    if "z" in table:
        x = x - 1
    return x * table["a"]

x = torch.ones(3)
f(x)
table.pop("c")
table["d"] = 10
table["b"] = 7
f(x)
table["a"] = 4
f(x)
table["z"] = 0
f(x)
