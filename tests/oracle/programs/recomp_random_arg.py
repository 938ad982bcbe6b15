"""recomp: random.random() drawn outside and passed in as a float argument each call -- test_unspec.py test_random_values_with_arg."""
import random
import torch
random.seed(0)

@torch.compile
def f(x, p):
    if p > 0.5:
        return x * p
    return x - p

for _ in range(4):
    f(torch.ones(3), random.random())
