"""recomp: a combined enum.Flag argument; `Reduce.MEAN in mode` picks mean or sum, and each new combination recompiles -- test_enum.py EnumTests test_flag_enum_membership_combined."""
import enum
import torch


class Reduce(enum.Flag):
    MEAN = enum.auto()
    SUM = enum.auto()
    MAX = enum.auto()


@torch.compile
def reduce(x, mode):
    if Reduce.MEAN in mode:
        out = x.mean()
    else:
        out = x.sum()
    if Reduce.MAX in mode:
        out = out + x.max()
    return out


x = torch.tensor([1.0, 2.0, 3.0])
print(reduce(x, Reduce.MEAN | Reduce.SUM))
print(reduce(x, Reduce.MEAN | Reduce.SUM))
print(reduce(x, Reduce.SUM | Reduce.MAX))
print(reduce(x, Reduce.MEAN | Reduce.MAX))
print(reduce(x, Reduce.SUM | Reduce.MAX))
