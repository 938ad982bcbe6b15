"""recomp: Enum members looked up by a global name (Color[NAME]) and by value (Color(v)), plus iteration and len() of the Enum class; the global name changes -- test_enum.py EnumTests test_enum_getitem / test_enum_call / test_enum_iter."""
import enum
import torch


class Color(enum.Enum):
    RED = 1
    GREEN = 2
    BLUE = 3


NAME = "RED"


@torch.compile
def paint(x, v):
    chosen = Color[NAME]
    other = Color(v)
    total = sum(c.value for c in Color)
    if chosen is other:
        return x * total
    return x + chosen.value * len(Color)


x = torch.ones(2)
print(paint(x, 1))
print(paint(x, 1))
NAME = "BLUE"
print(paint(x, 1))
print(paint(x, 3))
