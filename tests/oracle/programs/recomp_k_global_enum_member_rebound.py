"""recomp: a global MODE holds an Enum member; the frame compares it and reads its .value; the global is rebound to another member between calls -- test_enum.py / test_guard_serialization.py ID_MATCH on an enum member."""
import enum

import torch


class Mode(enum.Enum):
    TRAIN = 1
    EVAL = 2


MODE = Mode.TRAIN


@torch.compile
def fn(x):
    if MODE is Mode.TRAIN:
        return x * MODE.value
    return x + MODE.value * 10


x = torch.ones(3)
print(round(fn(x).sum().item(), 4))
MODE = Mode.EVAL
print(round(fn(x).sum().item(), 4))
MODE = Mode.TRAIN
print(round(fn(x).sum().item(), 4))
