"""nested: a @contextmanager with try/finally; the body raises a ValueError which the compiled fn catches -- test_ctx_manager.py contextmanager with exception."""
import contextlib
import torch

LOG = []


@contextlib.contextmanager
def scope(name):
    LOG.append(name)
    try:
        yield
    finally:
        LOG.pop()


@torch.compile(backend="eager")
def f(x, bad):
    try:
        with scope("a"):
            y = x + 1
            if bad:
                raise ValueError("bad")
    except ValueError:
        y = x - 1
    return y * len(LOG)


print(f(torch.ones(2), False), LOG)
print(f(torch.ones(2), True), LOG)
