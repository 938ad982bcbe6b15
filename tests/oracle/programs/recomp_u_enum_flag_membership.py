"""recomp: a global enum.Flag combination selects features (`Feat.ACT in FEATS`); the combination is rebound with | and & ~ between calls -- test_functions.py test_enum_flag / enum.Flag membership."""
import enum
import torch


class Feat(enum.Flag):
    BIAS = enum.auto()
    ACT = enum.auto()
    NORM = enum.auto()


FEATS = Feat.BIAS


@torch.compile
def f(x):
    if Feat.BIAS in FEATS:
        x = x + 1
    if Feat.ACT in FEATS:
        x = x.relu()
    if Feat.NORM in FEATS:
        x = x / x.abs().max()
    return x


x = torch.arange(-3.0, 2.0)
print(f(x).tolist())
FEATS = FEATS | Feat.ACT
print(f(x).tolist())
FEATS = (FEATS | Feat.NORM) & ~Feat.BIAS
print(f(x).tolist())
