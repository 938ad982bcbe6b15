"""recomp: the compiled function tests `"scale" in type(obj).__dict__` for a global object; the class attribute is deleted between calls, then put back with another value -- test_functions.py test_class_dict."""
import torch


class A:
    scale = 4
    shift = 5

    def __init__(self):
        self.a = 6


obj = A()


@torch.compile(backend="eager", fullgraph=True)
def fn(x):
    if "scale" in type(obj).__dict__:
        return x * type(obj).scale
    return x + 2


x = torch.ones(2)
print(fn(x).tolist())
del A.scale
print(fn(x).tolist())
A.scale = 7
print(fn(x).tolist())
