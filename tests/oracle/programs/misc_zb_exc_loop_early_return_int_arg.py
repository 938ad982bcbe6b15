"""misc: a fullgraph loop over range(6) that raises and catches NotImplementedError every iteration (sin then sigmoid) and returns early when the loop index equals an int argument; the stop index changes between calls -- test_exceptions.py test_exception4."""
import torch


@torch.compile(backend="eager", fullgraph=True)
def fn(x, stop):
    for i in range(6):
        if i == stop:
            return x
        try:
            x = torch.sin(x)
            raise NotImplementedError
        except Exception:
            x = torch.sigmoid(x)
    return x


x = torch.linspace(0, 1, 4)
for stop in [5, 3, 2, 5, 4]:
    print(stop, [round(v, 4) for v in fn(x, stop).tolist()])
