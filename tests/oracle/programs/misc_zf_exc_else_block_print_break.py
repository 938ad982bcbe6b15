"""misc: try/except/else where only the else block prints (graph break outside the try region)."""
import torch

torch.manual_seed(0)


def safe_div(a, b):
    if b == 0:
        raise ZeroDivisionError("b is zero")
    return a / b


@torch.compile(backend="eager")
def f(x, d):
    try:
        y = safe_div(x, d)
    except ZeroDivisionError:
        y = x * 0
    else:
        print("divided ok")
        y = y + 1
    return y.sum()


x = torch.arange(4.0)
print(f(x, 2))
print(f(x, 0))
print(f(x, 2))
