"""misc: str(x.dtype) used as a key into a global dict of scales; dtype changes -- dtype guard through str()."""
import torch

SCALES = {"torch.float32": 2.0, "torch.float64": 3.0}


@torch.compile(backend="eager")
def f(x):
    return x * SCALES[str(x.dtype)]


print(f(torch.ones(2)))
print(f(torch.ones(2, dtype=torch.float64)))
print(f(torch.ones(2)))
