"""recomp: a frozen dataclass config passed as an argument, new instances made with dataclasses.replace between calls -- test_misc.py test_frozen_dataclass / test_dataclass_fields."""
import dataclasses
import torch


@dataclasses.dataclass(frozen=True)
class Cfg:
    scale: float = 1.0
    shift: int = 0
    act: str = "relu"


@torch.compile
def f(x, cfg):
    y = x * cfg.scale + cfg.shift
    if cfg.act == "relu":
        return y.relu()
    return y.tanh()


x = torch.arange(-2.0, 2.0)
c = Cfg()
print([round(v, 3) for v in f(x, c).tolist()])
c = dataclasses.replace(c, scale=3.0)
print([round(v, 3) for v in f(x, c).tolist()])
c = dataclasses.replace(c, shift=2)
print([round(v, 3) for v in f(x, c).tolist()])
c = dataclasses.replace(c, act="tanh")
print([round(v, 3) for v in f(x, c).tolist()])
