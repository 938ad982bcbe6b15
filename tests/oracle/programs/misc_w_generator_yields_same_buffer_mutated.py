"""misc: a global generator yields the same buffer tensor each time after editing it in place; the compiled function calls next(GEN) itself; the generator is replaced by a fresh one between calls -- test_generator.py generators made outside the frame."""
import torch


def ramp():
    buf = torch.zeros(2)
    while True:
        buf.add_(1)
        yield buf


GEN = ramp()


@torch.compile
def f(x):
    b = next(GEN)
    return x * b


x = torch.ones(2)
print(f(x).tolist())
print(f(x).tolist())
print(f(x).tolist())
GEN = ramp()
print(f(x).tolist())
