"""recomp: the compiled function reads an optional key of a global dict inside try/except KeyError; the key is added, changed and removed between calls -- test_exceptions.py test_key_error_dict_optional."""
import torch

OPTS = {"a": 1.0}


@torch.compile(backend="eager")
def f(x):
    try:
        b = OPTS["b"]
    except KeyError:
        b = 0.5
    return (x * OPTS["a"] + b).sum()


torch.manual_seed(0)
x = torch.randn(4)
print(round(f(x).item(), 4))
OPTS["b"] = 2.0
print(round(f(x).item(), 4))
OPTS["b"] = 3.0
print(round(f(x).item(), 4))
del OPTS["b"]
print(round(f(x).item(), 4))
