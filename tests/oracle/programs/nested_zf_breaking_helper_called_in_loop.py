"""nested: a helper that graph-breaks (torch._dynamo.graph_break) one level deep, called inside a for loop."""
import torch

torch.manual_seed(0)


def norm_step(x, i):
    x = x / (x.abs().max() + 1)
    torch._dynamo.graph_break()
    return x + i


def block(x, i):
    return norm_step(x * 2, i)


@torch.compile(backend="eager")
def f(x):
    for i in range(3):
        x = block(x, i)
    return x.sum()


print(f(torch.arange(4.0)))
print(f(torch.arange(4.0)))
