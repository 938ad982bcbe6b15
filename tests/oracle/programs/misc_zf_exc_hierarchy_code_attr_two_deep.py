"""misc: custom exception hierarchy with an int attribute raised two calls deep, caught by base class."""
import torch

torch.manual_seed(0)


class AppError(Exception):
    def __init__(self, code):
        super().__init__(f"code {code}")
        self.code = code


class LimitError(AppError):
    pass


def inner(x, limit):
    if x.shape[0] > limit:
        raise LimitError(x.shape[0] - limit)
    return x.sin()


def middle(x, limit):
    return inner(x, limit) + 1


@torch.compile(backend="eager")
def f(x, limit):
    try:
        return middle(x, limit)
    except AppError as e:
        return x[:limit] * e.code


print(f(torch.ones(3), 5))
print(f(torch.ones(6), 4))
print(f(torch.ones(6), 4))
