"""misc: a generator consumed in the frame is traced in 2.13 -- test_generator.py simple generator."""
import torch

def gen(x):
    yield x + 1
    yield x * 2

@torch.compile
def f(x):
    return sum(gen(x))

f(torch.ones(3))
