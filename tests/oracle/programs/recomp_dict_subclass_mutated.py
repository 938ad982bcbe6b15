"""recomp: a dict subclass argument with a custom __iter__ that the frame mutates (new key and attribute) -- test_dicts.py test_custom_iter_dict."""
import torch

class ReversedDict(dict):
    def __iter__(self):
        return reversed(list(self.keys()))

@torch.compile
def f(x, d):
    d.sample = 1
    d["baz"] = 4
    return x * d["foo"] * d["bar"]

d = ReversedDict({"foo": 1, "bar": 2})
f(torch.ones(3), d)
f(torch.ones(3), d)
f(torch.ones(3), d)
