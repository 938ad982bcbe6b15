"""scalar: integer step argument feeds math.cos/math.pi cosine schedule computed in python inside the compiled fn."""
import math
import torch

torch.manual_seed(0)


@torch.compile(backend="eager")
def scaled(x, step, total):
    factor = 0.5 * (1 + math.cos(math.pi * step / total))
    return x * factor


x = torch.ones(2)
for s in (0, 1, 2, 3):
    print(scaled(x, s, 10))
