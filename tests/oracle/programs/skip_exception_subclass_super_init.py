"""skip: a custom exception whose __init__ calls super().__init__(n, why) is raised and caught inside a try block of the frame; the break in the constructor cannot be resumed inside the try, so Dynamo gives up on the frame -- test_baseexception.py ExceptionClassTests test_interface / test_exceptions.py testAttributes."""
import torch


class Retry(Exception):
    def __init__(self, n, why):
        super().__init__(n, why)
        self.n = n


@torch.compile
def f(x, n):
    y = x.sin()
    try:
        if n > 0:
            raise Retry(n, "again")
    except Retry as e:
        y = y * e.args[0] + e.n + len(e.args[1])
    return y


x = torch.ones(2)
print(f(x, 2))
print(f(x, 2))
print(f(x, 3))
print(f(x, 0))
