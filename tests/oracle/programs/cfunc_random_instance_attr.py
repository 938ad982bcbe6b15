"""cfunc: a seeded random.Random instance kept on an object attribute; rng.random() is called inside the compiled function each call -- test_unspec.py test_random_object / test_misc.py random.Random."""
import random
import torch


class Holder:
    def __init__(self):
        self.rng = random.Random(0)


h = Holder()


@torch.compile(backend="eager")
def f(x):
    return x * h.rng.random()


x = torch.ones(2)
for _ in range(3):
    print(round(f(x).sum().item(), 6))
h.rng.seed(0)
print(round(f(x).sum().item(), 6))
