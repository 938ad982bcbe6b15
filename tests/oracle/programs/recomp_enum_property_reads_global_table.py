"""recomp: an Enum with a property (Mode.scale) that reads a module-level table keyed by the member; the table entry changes between calls -- test_enum.py (enum properties) / test_dicts.py."""
import enum
import torch

TABLE = {"FAST": 2.0, "SLOW": 0.5}


class Mode(enum.Enum):
    FAST = 1
    SLOW = 2

    @property
    def scale(self):
        return TABLE[self.name]


@torch.compile(backend="eager")
def f(x, m):
    return x * m.scale


x = torch.arange(3.0)
print(f(x, Mode.FAST).sum().item())
print(f(x, Mode.FAST).sum().item())
TABLE["FAST"] = 4.0
print(f(x, Mode.FAST).sum().item())
