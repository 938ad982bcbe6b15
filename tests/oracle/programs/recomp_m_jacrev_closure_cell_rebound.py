"""recomp: torch.func.jacrev of a closure whose cell (a Python int) is rebound by a setter between calls -- _higher_order_ops_test_functorch.py test_jacrev freevar."""
import torch


def make():
    power = 2

    def body(x):
        return x ** power

    def setp(p):
        nonlocal power
        power = p

    return body, setp


body, setp = make()


@torch.compile
def f(x):
    return torch.func.jacrev(body)(x).sum(0)


x = torch.tensor([1.0, 2.0, 3.0])
print(f(x).tolist())
setp(3)
print(f(x).tolist())
setp(1)
print(f(x).tolist())
