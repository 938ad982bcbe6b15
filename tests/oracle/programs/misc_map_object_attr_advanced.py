"""misc: a map object (map(float, list)) stored on an attribute is advanced with next() inside the compiled function; a new map object replaces it later -- test_iter.py / test_functions.py test_map."""
import torch


class Holder:
    def __init__(self, vals):
        self.it = map(float, vals)


h = Holder([1, 2, 3, 4])


@torch.compile(backend="eager")
def f(x):
    return x + next(h.it)


x = torch.zeros(2)
for _ in range(3):
    print(f(x).sum().item())
h.it = map(float, [10, 20])
print(f(x).sum().item())
