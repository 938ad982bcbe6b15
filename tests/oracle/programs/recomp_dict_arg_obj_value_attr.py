"""recomp: a dict of objects passed as an argument; an object's attribute inside it changes and then a value is swapped for a fresh object -- test_dicts.py test_dict_obj_value_attr."""
import torch


class Head:
    def __init__(self, w):
        self.w = w


@torch.compile(backend="eager")
def f(x, heads):
    return sum((x * h.w).sum() for h in heads.values())


torch.manual_seed(0)
x = torch.randn(3)
heads = {"a": Head(1.0), "b": Head(2.0)}
print(round(f(x, heads).item(), 4))
heads["a"].w = 3.0
print(round(f(x, heads).item(), 4))
heads["b"] = Head(-2.0)
print(round(f(x, heads).item(), 4))
