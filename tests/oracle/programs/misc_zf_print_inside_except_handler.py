"""misc: a caught custom exception whose handler prints (graph break inside an except block)."""
import torch

torch.manual_seed(0)


class BadInput(Exception):
    pass


def check(x):
    if x.dim() != 1:
        raise BadInput("need 1-d")
    return x


@torch.compile(backend="eager")
def f(x):
    y = x * 2
    try:
        y = check(y)
    except BadInput as e:
        print("handled:", e)
        y = y.flatten()
    return y + 1


print(f(torch.ones(3)))
print(f(torch.ones(2, 2)))
