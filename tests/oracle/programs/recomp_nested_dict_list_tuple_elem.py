"""recomp: a global dict of lists of tuples; one float inside a tuple is replaced between calls -- test_dicts.py test_dict_nested_list_tuple_guard."""
import torch

CFG = {"layers": [(1, 0.5), (2, 1.5)], "extra": {"bias": [(0.1,)]}}


@torch.compile(backend="eager")
def f(x):
    for n, w in CFG["layers"]:
        x = x * w + n
    return (x + CFG["extra"]["bias"][0][0]).sum()


torch.manual_seed(0)
x = torch.randn(3)
print(round(f(x).item(), 4))
CFG["layers"][1] = (2, 2.5)
print(round(f(x).item(), 4))
CFG["extra"]["bias"][0] = (0.7,)
print(round(f(x).item(), 4))
CFG["layers"].append((3, 1.0))
print(round(f(x).item(), 4))
