"""recomp: a frozen dataclass arg with a float field (scale) and an int field (reps); new instances each call."""
import dataclasses
import torch


@dataclasses.dataclass(frozen=True)
class Cfg:
    scale: float
    reps: int


@torch.compile(backend="eager")
def f(x, cfg):
    for _ in range(cfg.reps):
        x = x * cfg.scale
    return x


x = torch.ones(2)
print(f(x, Cfg(2.0, 1)))
print(f(x, Cfg(3.0, 1)))
print(f(x, Cfg(4.0, 1)))
print(f(x, Cfg(4.0, 2)))
