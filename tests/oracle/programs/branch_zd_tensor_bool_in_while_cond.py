"""branch: a while loop whose condition is a 0-d tensor comparison (data-dependent) -- test_misc.py while with tensor condition."""
import torch


@torch.compile(backend="eager")
def f(x):
    i = 0
    while x.sum() < 10:
        x = x * 2
        i += 1
    return x + i


print(f(torch.ones(2)))
print(f(torch.ones(2) * 3))
