"""misc: an enumerate object over a list of floats, kept on an attribute, is advanced inside the compiled function; both the index and the value are used -- test_iter.py / test_itertools.py (enumerate objects)."""
import torch


class State:
    def __init__(self):
        self.steps = enumerate([0.5, 1.5, 2.5, 3.5])


s = State()


@torch.compile(backend="eager")
def f(x):
    i, v = next(s.steps)
    return x * v + i


x = torch.ones(2)
for _ in range(4):
    print(f(x).sum().item())
