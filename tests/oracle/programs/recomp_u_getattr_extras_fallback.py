"""recomp: getattr(obj, "temperature", None) on an object whose __getattr__ serves names from an _extras dict and raises AttributeError otherwise; the key is added, changed and removed between calls -- test_functions.py test_getattr_fallback / __getattr__ raising."""
import torch


class Bag:
    def __init__(self):
        self._extras = {}

    def __getattr__(self, name):
        try:
            return self.__dict__["_extras"][name]
        except KeyError:
            raise AttributeError(name) from None


@torch.compile
def f(x, bag):
    t = getattr(bag, "temperature", None)
    if t is None:
        return x.softmax(-1)
    return (x / t).softmax(-1)


x = torch.tensor([1.0, 2.0, 3.0])
b = Bag()
print([round(v, 4) for v in f(x, b).tolist()])
b._extras["temperature"] = 2.0
print([round(v, 4) for v in f(x, b).tolist()])
b._extras["temperature"] = 0.5
print([round(v, 4) for v in f(x, b).tolist()])
b._extras.clear()
print([round(v, 4) for v in f(x, b).tolist()])
