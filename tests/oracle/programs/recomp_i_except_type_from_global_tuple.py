"""recomp: the frame catches `except HANDLED as e` where HANDLED is a global tuple of exception classes; the helper raises KeyError; the tuple is changed between calls so that KeyError escapes -- test_exceptions.py test_except_tuple / exception matching against a tuple."""
import torch

HANDLED = (KeyError, IndexError)


def lookup(x, d):
    return x * d["k"]


@torch.compile
def f(x, d):
    try:
        return lookup(x, d)
    except HANDLED:
        return x - 1


x = torch.ones(3)
print(round(f(x, {"k": 2.0}).sum().item(), 4))
print(round(f(x, {}).sum().item(), 4))
HANDLED = (IndexError,)
try:
    print(round(f(x, {}).sum().item(), 4))
except KeyError as e:
    print("escaped", e)
