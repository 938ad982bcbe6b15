"""misc: a zip object over two lists, kept on an attribute, is advanced inside the compiled function each call -- test_iter.py / test_functions.py test_zip."""
import torch


class State:
    def __init__(self):
        self.pairs = zip([1.0, 2.0, 3.0], [10.0, 20.0, 30.0])


s = State()


@torch.compile(backend="eager")
def f(x):
    a, b = next(s.pairs)
    return x * a + b


x = torch.ones(2)
for _ in range(3):
    print(f(x).sum().item())
