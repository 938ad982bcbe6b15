"""recomp: an IntEnum member used as a number in tensor arithmetic and in range(); another member recompiles -- test_enum.py EnumTests test_int_enum_arithmetic."""
import enum
import torch


class Level(enum.IntEnum):
    LOW = 1
    MEDIUM = 2
    HIGH = 3


@torch.compile
def boost(x, level):
    for _ in range(level):
        x = x * 2
    return x + level


x = torch.ones(2)
print(boost(x, Level.LOW))
print(boost(x, Level.LOW))
print(boost(x, Level.HIGH))
print(boost(x, Level.MEDIUM))
print(boost(x, Level.HIGH))
