"""recomp: a frozen dataclass read in the compiled function has a field changed behind its back with object.__setattr__ -- test_misc.py test_frozen_dataclass_mutation."""
import dataclasses

import torch


@dataclasses.dataclass(frozen=True)
class Hp:
    lr: float = 0.1
    steps: int = 2


HP = Hp()


@torch.compile(backend="eager")
def f(x):
    for _ in range(HP.steps):
        x = x - HP.lr * x
    return x.sum()


torch.manual_seed(0)
x = torch.randn(4)
print(round(f(x).item(), 4))
object.__setattr__(HP, "lr", 0.5)
print(round(f(x).item(), 4))
object.__setattr__(HP, "steps", 3)
print(round(f(x).item(), 4))
