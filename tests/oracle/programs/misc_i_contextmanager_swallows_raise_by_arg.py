"""misc: a program @contextmanager catches ValueError around its yield; the with-body raises it only when an int argument is large, so some calls take the except path -- test_ctx_manager.py test_contextmanager_* with exceptions / test_exceptions.py."""
import contextlib
import torch

SEEN = []


@contextlib.contextmanager
def guard():
    try:
        yield
    except ValueError:
        SEEN.append("caught")


@torch.compile
def f(x, n):
    y = x * 2
    with guard():
        if n > 2:
            raise ValueError("too big")
        y = y + n
    return y


x = torch.ones(3)
for n in (1, 1, 5, 2):
    print(round(f(x, n).sum().item(), 4), SEEN)
