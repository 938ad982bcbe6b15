"""misc: an itertools.count object held on an object attribute is advanced inside the compiled function; the step number scales the output -- test_itertools.py test_count / test_iter.py."""
import itertools
import torch


class Stepper:
    def __init__(self):
        self.counter = itertools.count(1, 2)


st = Stepper()


@torch.compile(backend="eager")
def f(x):
    k = next(st.counter)
    return x + k


x = torch.zeros(2)
for _ in range(3):
    print(f(x).sum().item())
st.counter = itertools.count(100)
print(f(x).sum().item())
