"""misc: an os.environ-like mapping whose __getitem__ re-raises KeyError(key) from None, read through a get() helper that catches it and returns a default; the compiled function is called with a missing key, then present keys, then the missing one again -- test_exceptions.py test_raise_from_None."""
import torch


class Env:
    def __init__(self, d):
        self._d = d

    def __getitem__(self, key):
        try:
            value = self._d[key]
        except KeyError:
            raise KeyError(key) from None
        return value


def mapping_get(obj, key, default=None):
    try:
        return obj.__getitem__(key)
    except KeyError:
        return default


ENV = Env({"a": 10, "b": 20})


@torch.compile(backend="eager")
def fn(x, key):
    x = torch.sin(x + 1)
    return x * mapping_get(ENV, key, 1)


x = torch.linspace(-1, 1, 3)
for key in ["m", "a", "b", "m", "a"]:
    print(key, [round(v, 4) for v in fn(x, key).tolist()])
