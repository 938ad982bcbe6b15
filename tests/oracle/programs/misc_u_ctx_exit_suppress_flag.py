"""misc: a user context manager's __exit__ returns self.suppress; the body raises KeyError for a missing key; the flag and the dict change between calls -- test_ctx_manager.py test_ctx_manager_suppress / __exit__ return value."""
import torch


class Guarded:
    def __init__(self, suppress):
        self.suppress = suppress

    def __enter__(self):
        return self

    def __exit__(self, typ, val, tb):
        return self.suppress and typ is KeyError


G = Guarded(True)


@torch.compile
def f(x, d):
    y = x + 1
    with G:
        y = y * d["k"]
    return y


x = torch.ones(2)
print(f(x, {"k": 3.0}).tolist())
print(f(x, {}).tolist())
G.suppress = False
try:
    print(f(x, {}).tolist())
except KeyError as e:
    print("escaped", e)
print(f(x, {"k": 2.0}).tolist())
