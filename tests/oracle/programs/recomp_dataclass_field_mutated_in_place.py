"""recomp: a mutable dataclass (with a default_factory list field) passed in; the caller mutates a float field and appends to the list between calls -- test_dataclasses-style field guards (test_misc.py test_dataclass_fields)."""
import dataclasses
import torch


@dataclasses.dataclass
class Sched:
    lr: float = 0.1
    milestones: list = dataclasses.field(default_factory=list)
    warm: bool = True


@torch.compile
def update(w, g, s):
    lr = s.lr
    for _ in s.milestones:
        lr = lr * 0.5
    if s.warm:
        lr = lr * 0.1
    return w - lr * g


w, g = torch.ones(3), torch.full((3,), 2.0)
s = Sched()
print(update(w, g, s))
print(update(w, g, s))
s.warm = False
print(update(w, g, s))
s.milestones.append(10)
print(update(w, g, s))
s.lr = 0.2
print(update(w, g, s))
