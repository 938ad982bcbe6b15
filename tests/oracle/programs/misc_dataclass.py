"""misc: a dataclass argument -- test_misc.py test_dataclass_fields."""
import dataclasses
import torch

@dataclasses.dataclass
class Batch:
    x: torch.Tensor
    scale: float

@torch.compile
def f(b):
    return b.x * b.scale

f(Batch(torch.ones(2), 2.0))
f(Batch(torch.ones(2), 2.0))
