"""misc: random.random() drawn inside the compiled function picks a scale -- test_misc.py test_random_values."""
import random
import torch

random.seed(0)

@torch.compile
def f(x):
    r = random.random()
    return x * r

x = torch.ones(3)
a = f(x)
b = f(x)
c = f(x)
