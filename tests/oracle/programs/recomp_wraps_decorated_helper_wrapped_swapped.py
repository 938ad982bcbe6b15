"""recomp: a functools.wraps-style decorator whose wrapper calls the function stored on the wrapper's own attribute (wrapper.impl); the attribute is replaced between calls -- test_functools.py test_wraps / test_funcattrs.py."""
import functools
import torch


def swappable(fn):
    @functools.wraps(fn)
    def wrapper(x):
        return wrapper.impl(x)

    wrapper.impl = fn
    return wrapper


@swappable
def act(x):
    return torch.relu(x)


@torch.compile(backend="eager")
def f(x):
    return act(x) + 1


x = torch.linspace(-1.0, 1.0, 5)
print(round(f(x).sum().item(), 4))
print(round(f(x).sum().item(), 4))
act.impl = torch.tanh
print(round(f(x).sum().item(), 4))
