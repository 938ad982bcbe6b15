"""misc: a decorated compiled function is also called through its __wrapped__ original (eager), with a break."""
import torch


@torch.compile(backend="eager")
def f(x):
    y = x.cos()
    print("in f")
    return y * 2


print(f(torch.ones(2)))
print(f.__wrapped__(torch.ones(3)))
print(f.__wrapped__(torch.ones(4)))
print(f(torch.ones(2)))
