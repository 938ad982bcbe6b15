"""misc: a list_reverseiterator (reversed(list)) stored on an attribute is advanced inside the compiled function -- test_iter.py test_reversed / test_list.py."""
import torch


class State:
    def __init__(self):
        self.rev = reversed([1.0, 2.0, 3.0, 4.0])


s = State()


@torch.compile(backend="eager")
def f(x):
    return x * next(s.rev)


x = torch.ones(2)
for _ in range(4):
    print(f(x).sum().item())
