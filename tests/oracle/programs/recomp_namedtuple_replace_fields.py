"""recomp: a typing.NamedTuple config is iterated by _fields with getattr and _asdict() inside the frame; the caller passes _replace()d copies and then an instance of another NamedTuple class -- test_collections.py TestNamedTuple test_instance / _replace / _asdict."""
import typing
import torch


class Cfg(typing.NamedTuple):
    scale: float
    shift: float = 0.0


class Cfg3(typing.NamedTuple):
    scale: float
    shift: float
    power: int


@torch.compile
def f(x, cfg):
    for name in cfg._fields:
        if name == "power":
            x = x ** getattr(cfg, name)
    d = cfg._asdict()
    return x * d["scale"] + d["shift"]


x = torch.full((2,), 2.0)
c = Cfg(2.0)
print(f(x, c))
print(f(x, c._replace(scale=2.0)))
print(f(x, c._replace(shift=1.0)))
print(f(x, Cfg3(1.0, 0.0, 2)))
