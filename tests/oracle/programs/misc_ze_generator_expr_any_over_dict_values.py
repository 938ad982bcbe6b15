"""misc: any(generator over dict values with isinstance) picks a branch; dict passed in with changing types."""
import torch


@torch.compile(backend="eager")
def f(x, d):
    if any(isinstance(v, float) for v in d.values()):
        return x * sum(v for v in d.values() if isinstance(v, float))
    return x + len(d)


x = torch.ones(2)
print(f(x, {"a": 1, "b": 2}))
print(f(x, {"a": 1, "b": 2.5}))
print(f(x, {"a": 1, "b": 3.5}))
