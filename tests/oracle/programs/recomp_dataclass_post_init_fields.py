"""recomp: a dataclass with __post_init__ is built inside the frame from an int argument, and dataclasses.fields() is walked with getattr to total its values; a new int recompiles -- test_misc.py dataclass construction in the frame (test_dataclass_fields / __post_init__)."""
import dataclasses
import torch


@dataclasses.dataclass
class Spec:
    n: int
    half: int = 0

    def __post_init__(self):
        self.half = self.n // 2


@torch.compile
def f(x, n):
    s = Spec(n)
    tot = 0
    for fld in dataclasses.fields(s):
        tot += getattr(s, fld.name)
    return x.repeat(s.n) * tot


x = torch.ones(1)
print(f(x, 2))
print(f(x, 2))
print(f(x, 3))
