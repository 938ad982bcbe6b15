"""recomp: a list iterator passed in is advanced with next() inside the frame, so each call starts further along; a fresh iterator of another list follows -- test_iter.py TestCase test_iter_basic / iterator state."""
import torch


@torch.compile
def f(x, it):
    a = next(it)
    b = next(it, 0)
    return x * a + b


x = torch.ones(2)
it = iter([1, 2, 3, 4, 5])
print(f(x, it))
print(f(x, it))
print(f(x, it))
print(f(x, iter([7])))
