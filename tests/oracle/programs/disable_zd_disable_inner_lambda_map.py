"""disable: a torch._dynamo.disable'd helper called per element in a list comprehension -- test_decorators.py disable inside loop."""
import torch


@torch._dynamo.disable
def eager_norm(t):
    return t / t.norm()


@torch.compile(backend="eager")
def f(xs):
    ys = [eager_norm(x * 2) for x in xs]
    return sum(ys)


xs = [torch.ones(3), torch.arange(3.0) + 1]
print(f(xs))
print(f(xs))
