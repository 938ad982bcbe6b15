"""cfunc: inspect.signature of a helper inside the compiled frame to count its parameters."""
import inspect
import torch


def helper(a, b, c=1):
    return a + b + c


@torch.compile(backend="eager")
def f(x):
    n = len(inspect.signature(helper).parameters)
    return x * n


print(f(torch.ones(2)))
print(f(torch.ones(2)))
