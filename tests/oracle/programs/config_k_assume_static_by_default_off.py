"""config: assume_static_by_default=False makes every size dynamic from the first call; sizes 2, 3, 4 and an int argument, with a branch on the size -- test_dynamic_shapes.py (DynamicShapes test class setting)."""
import torch

torch._dynamo.config.assume_static_by_default = False


@torch.compile
def fn(x, n):
    if x.shape[0] > 3:
        return x.sum() * n
    return x.sum() + n


for k, n in ((2, 1), (3, 2), (4, 3), (5, 4)):
    print(k, round(fn(torch.ones(k), n).item(), 4))
