"""skip: warnings.catch_warnings() + simplefilter used as a context manager inside the compiled frame."""
import warnings
import torch

torch.manual_seed(0)


@torch.compile(backend="eager")
def f(x):
    y = x * 3
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        y = y + 1
    return y.sum()


print(f(torch.ones(2)))
print(f(torch.ones(2)))
