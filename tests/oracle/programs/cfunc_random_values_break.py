"""cfunc: Python random values drawn before and between .item() graph breaks -- test_unspec.py test_random_values_with_graph_break."""
import random
import torch

@torch.compile
def f(x):
    r1 = random.random()
    y = x + random.uniform(10, 20)
    y.sum().item()
    r2 = random.randint(2, 18)
    y.sum().item()
    return y + r1, r2

random.seed(1)
x = torch.tensor([[1.0, 2.0], [3.0, 4.0]])
f(x)
f(x)
