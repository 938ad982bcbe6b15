"""misc: a @contextlib.contextmanager that catches the exception raised in its block and records it; the frame raises or not depending on a bool argument -- test_contextlib.py ContextManagerTestCase test_contextmanager_except."""
import contextlib
import torch

SEEN = []


@contextlib.contextmanager
def guard(tag):
    try:
        yield tag
    except ZeroDivisionError as e:
        SEEN.append(tag)


@torch.compile
def f(x, fail):
    y = x * 2
    with guard("blk"):
        y = y + 1
        if fail:
            raise ZeroDivisionError("boom")
        y = y * 10
    return y


x = torch.ones(2)
print(f(x, False))
print(f(x, False))
print(f(x, True))
print(SEEN)
