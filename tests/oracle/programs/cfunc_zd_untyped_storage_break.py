"""cfunc: x.untyped_storage().nbytes() read inside the compiled fn -- storage access."""
import torch


@torch.compile(backend="eager")
def f(x):
    y = x * 3
    n = x.untyped_storage().nbytes()
    return y + n


print(f(torch.ones(4)))
print(f(torch.ones(4)))
