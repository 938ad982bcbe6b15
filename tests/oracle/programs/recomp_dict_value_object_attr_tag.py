"""recomp: a dict argument holds ints and a user object; the user changes an int value, then the object's attribute -- test_dicts.py test_dict_tag_guard."""
import torch


class Foo:
    def __init__(self):
        self.scalar = 10


@torch.compile
def fn(d, x):
    return d["a"] * d["b"] * d["c"].scalar * x


torch.manual_seed(0)
foo = Foo()
d = {"a": 2, "b": 3, "c": foo}
x = torch.randn(3, 3)
print(round(fn(d, x).sum().item(), 4))
d["a"] = 4
print(round(fn(d, x).sum().item(), 4))
foo.scalar = 12
print(round(fn(d, x).sum().item(), 4))
print(round(fn(d, x).sum().item(), 4))
