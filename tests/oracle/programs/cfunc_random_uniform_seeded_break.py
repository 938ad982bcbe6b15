"""cfunc: random.random() and random.uniform() inside the frame, then a .item() break and random.randint after it; random.seed before each call keeps it deterministic -- test_unspec.py test_random_values_with_graph_break."""
import random
import torch


@torch.compile
def fn(x):
    r1 = random.random()
    y = x + random.uniform(10, 20)
    y.sum().item()
    r2 = random.randint(2, 18)
    return y + r1, r2


x = torch.tensor([[1.0, 2.0], [3.0, 4.0]])
for seed in (1, 1, 2):
    random.seed(seed)
    a, b = fn(x)
    print(round(a.sum().item(), 4), b)
