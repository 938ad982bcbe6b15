"""cfunc: random.random() -- test_misc.py test_random_values (python random)."""
import random
import torch
random.seed(0)

@torch.compile
def f(x):
    return x * random.random()

f(torch.ones(3))
