"""nested: two closures from the same factory (different captured ints) passed to one compiled fn."""
import torch


def make(k):
    def g(x):
        return x * k
    return g


@torch.compile(backend="eager")
def f(fn, x):
    return fn(x) + 1


x = torch.ones(2)
g2, g3 = make(2), make(3)
print(f(g2, x))
print(f(g3, x))
print(f(make(4), x))
print(f(g2, x))
