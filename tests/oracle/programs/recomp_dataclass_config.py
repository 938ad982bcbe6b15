"""recomp: a frozen dataclass config passed as an argument; a copy with another field value recompiles -- test_misc.py test_dataclass_fields / frozen dataclass guards."""
import dataclasses
import torch

@dataclasses.dataclass(frozen=True)
class Cfg:
    scale: float
    relu: bool

@torch.compile
def f(x, cfg):
    y = x * cfg.scale
    if cfg.relu:
        y = y.relu()
    return y

x = torch.ones(3)
f(x, Cfg(2.0, True))
f(x, Cfg(2.0, True))
f(x, dataclasses.replace(Cfg(2.0, True), relu=False))
