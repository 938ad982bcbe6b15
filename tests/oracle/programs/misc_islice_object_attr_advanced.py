"""misc: an itertools.islice over an itertools.count, kept on an attribute, is advanced inside the compiled function each call -- test_itertools.py test_islice."""
import itertools
import torch


class State:
    def __init__(self):
        self.it = itertools.islice(itertools.count(3), 0, None, 2)


s = State()


@torch.compile(backend="eager")
def f(x):
    return x + next(s.it)


x = torch.zeros(2)
for _ in range(4):
    print(f(x).sum().item())
