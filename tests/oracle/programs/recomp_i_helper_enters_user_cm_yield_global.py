"""recomp: a nested helper enters a program-defined @contextmanager generator that yields a factor looked up in a global dict; the dict entry changes between calls -- test_ctx_manager.py test_contextmanager_* (generator context managers inlined through a helper)."""
import contextlib
import torch

FACTORS = {"mode": 2.0}


@contextlib.contextmanager
def scaled(name):
    yield FACTORS[name]


def helper(x):
    with scaled("mode") as k:
        return x * k


@torch.compile
def f(x):
    return helper(x.sin()) + 1


x = torch.ones(3)
print(round(f(x).sum().item(), 4))
print(round(f(x).sum().item(), 4))
FACTORS["mode"] = 5.0
print(round(f(x).sum().item(), 4))
