"""misc: sum() over a global generator inside the compiled function, the generator replaced by a fresh one between calls: Dynamo breaks at sum() (missing tp_iter) and gives up on the generator's frame the first time it starts; later fresh generators of the same code are not tried again -- test_generator.py generators made outside the frame."""
import torch


def weights():
    yield 1.0
    yield 2.0
    yield 3.0


GEN = weights()


@torch.compile(backend="eager")
def f(x):
    total = sum(GEN)
    return x * total


x = torch.ones(2)
print(f(x).tolist())
GEN = weights()
print(f(x).tolist())
print(f(x).tolist())
