"""recomp: `if cfg == DEFAULT:` comparing two instances of a (non-frozen) dataclass with the generated __eq__; the global DEFAULT is mutated in place between calls -- test_misc.py test_dataclass_eq."""
import dataclasses
import torch


@dataclasses.dataclass
class Cfg:
    p: float = 0.1
    n: int = 2


DEFAULT = Cfg()


@torch.compile
def f(x, cfg):
    if cfg == DEFAULT:
        return x + 1
    return x * cfg.n + 10


x = torch.ones(2)
c = Cfg()
print(f(x, c).tolist())
DEFAULT.n = 3
print(f(x, c).tolist())
c.n = 3
print(f(x, c).tolist())
