"""recomp: a frozen dataclass instance is passed in; the frame reads a field and a ClassVar of the dataclass; the ClassVar is changed on the class between calls -- test_misc.py dataclass tests (class attribute guard)."""
import dataclasses
from typing import ClassVar

import torch


@dataclasses.dataclass(frozen=True)
class Cfg:
    scale: float
    bias: ClassVar[float] = 1.0


@torch.compile
def fn(x, c):
    return x * c.scale + c.bias


x = torch.ones(3)
print(round(fn(x, Cfg(2.0)).sum().item(), 4))
Cfg.bias = 10.0
print(round(fn(x, Cfg(2.0)).sum().item(), 4))
print(round(fn(x, dataclasses.replace(Cfg(2.0), scale=3.0)).sum().item(), 4))
