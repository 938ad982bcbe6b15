"""misc: a program @contextmanager used as a decorator (ContextDecorator) on a helper the frame calls; the manager bumps a counter list on enter and exit -- test_ctx_manager.py test_contextmanager_as_decorator."""
import contextlib
import torch

COUNT = [0]


@contextlib.contextmanager
def counting():
    COUNT[0] += 1
    yield
    COUNT[0] += 10


@counting()
def helper(x):
    return x.sin() * 2


@torch.compile
def f(x):
    return helper(x) + helper(x * 2)


x = torch.ones(3)
for _ in range(3):
    print(round(f(x).sum().item(), 4), COUNT[0])
