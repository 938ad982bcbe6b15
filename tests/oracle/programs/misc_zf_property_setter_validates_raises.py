"""misc: property setter validates its value and raises ValueError, caught inside the compiled frame."""
import torch

torch.manual_seed(0)


class Gain:
    def __init__(self):
        self._k = 1.0

    @property
    def k(self):
        return self._k

    @k.setter
    def k(self, v):
        if v < 0:
            raise ValueError("negative gain")
        self._k = v


@torch.compile(backend="eager")
def f(x, v):
    g = Gain()
    try:
        g.k = v
    except ValueError:
        g.k = 0.0
    return x * g.k


print(f(torch.ones(2), 2.0))
print(f(torch.ones(2), -1.0))
