"""misc: a list iterator captured in a closure cell is advanced with next() inside the compiled function; a second factory call makes a fresh closure -- test_iter.py / test_functions.py closures over iterators."""
import torch


def make(vals):
    it = iter(vals)

    @torch.compile(backend="eager")
    def f(x):
        return x * next(it)

    return f


f = make([1.0, 2.0, 3.0])
x = torch.ones(2)
for _ in range(3):
    print(f(x).sum().item())
g = make([7.0, 8.0])
print(g(x).sum().item())
print(g(x).sum().item())
