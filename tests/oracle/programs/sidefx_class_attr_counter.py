"""sidefx: a class attribute incremented inside the compiled function -- test_misc.py class attribute mutation."""
import torch

class Stats:
    calls = 0

@torch.compile
def f(x):
    Stats.calls += 1
    return x * 2

for _ in range(4):
    f(torch.ones(3))
print(Stats.calls)
