"""disable: torch._dynamo.disable(fn) used inside a compiled frame; the compiled frame calls it across sizes."""
import torch


def slow(x):
    return x.cumsum(0)


fast_off = torch._dynamo.disable(slow)


@torch.compile(backend="eager")
def f(x):
    return fast_off(x * 2) + slow(x)


print(f(torch.ones(3)))
print(f(torch.ones(4)))
print(f(torch.ones(5)))
