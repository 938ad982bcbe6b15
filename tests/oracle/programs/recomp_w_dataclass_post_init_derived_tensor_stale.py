"""recomp: a dataclass config computes a derived tensor field in __post_init__ (inv = 1 / w); the compiled function reads both; w is edited in place (inv stays stale in eager), then inv is reassigned -- test_misc.py dataclass fields with tensors."""
import dataclasses
import torch


@dataclasses.dataclass
class Cfg:
    w: torch.Tensor
    inv: torch.Tensor = None

    def __post_init__(self):
        self.inv = 1.0 / self.w


CFG = Cfg(torch.tensor([2.0, 4.0]))


@torch.compile
def f(x):
    return x * CFG.w + CFG.inv


x = torch.ones(2)
print(f(x).tolist())
CFG.w.mul_(2)
print(f(x).tolist())
CFG.inv = torch.tensor([100.0, 200.0])
print(f(x).tolist())
CFG = Cfg(torch.tensor([1.0, 1.0]))
print(f(x).tolist())
