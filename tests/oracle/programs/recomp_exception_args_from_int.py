"""recomp: the frame raises a custom exception carrying an int argument in its args, catches it and scales by e.args[0] and a custom attribute; the int changes -- test_baseexception.py ExceptionClassTests test_interface / test_exceptions.py testAttributes (attribute set on the instance before raising)."""
import torch


class Retry(Exception):
    pass


@torch.compile
def f(x, n):
    try:
        if n > 0:
            err = Retry(n, "again")
            err.n = n + 1
            raise err
        y = x
    except Retry as e:
        y = x * e.args[0] + e.n + len(e.args[1])
    return y


x = torch.ones(2)
print(f(x, 2))
print(f(x, 2))
print(f(x, 3))
print(f(x, 0))
