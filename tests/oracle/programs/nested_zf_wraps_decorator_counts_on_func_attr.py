"""nested: functools.wraps decorator bumps a counter stored as an attribute on the wrapper function."""
import functools
import torch

torch.manual_seed(0)


def counted(fn):
    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        wrapper.calls += 1
        return fn(*args, **kwargs)

    wrapper.calls = 0
    return wrapper


@counted
def scale(x, k=2.0):
    return x * k


@torch.compile(backend="eager")
def f(x):
    return scale(x) + scale(x, k=3.0)


print(f(torch.ones(2)))
print(f(torch.ones(2)))
print(scale.calls, scale.__name__)
