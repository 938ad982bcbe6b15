"""recomp: a global enum.IntFlag value is rebound between calls and the function tests membership of single flags -- test_enum.py test_intflag_contains."""
import enum

import torch


class Feat(enum.IntFlag):
    SCALE = 1
    SHIFT = 2
    CLAMP = 4


FEATS = Feat.SCALE


@torch.compile(backend="eager")
def f(x):
    if Feat.SCALE in FEATS:
        x = x * 2
    if Feat.SHIFT in FEATS:
        x = x + 1
    if FEATS & Feat.CLAMP:
        x = x.clamp(-0.5, 0.5)
    return x.sum()


torch.manual_seed(0)
x = torch.randn(5)
print(round(f(x).item(), 4))
FEATS = Feat.SCALE | Feat.SHIFT
print(round(f(x).item(), 4))
FEATS = Feat.SHIFT | Feat.CLAMP
print(round(f(x).item(), 4))
FEATS = Feat(3)
print(round(f(x).item(), 4))
