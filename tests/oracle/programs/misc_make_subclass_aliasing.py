"""misc: torch.Tensor._make_subclass down- and up-casts an input inside the compiled function; in-place adds on the three aliases must all hit the same storage -- test_subclasses.py test_make_subclass."""
import torch


class MySub(torch.Tensor):
    pass


@torch.compile(fullgraph=True)
def f(x):
    y = torch.Tensor._make_subclass(MySub, x)
    z = torch.Tensor._make_subclass(torch.Tensor, x)
    x += 1
    y += 2
    z += 3
    return x * y + z


for _ in range(2):
    x = torch.zeros(2, 2)
    r = f(x)
    print(type(r).__name__, r.tolist(), x.tolist())
