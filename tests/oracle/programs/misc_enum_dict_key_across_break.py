"""misc: a dict keyed by Enum members, strings and ints is built before an explicit graph break and read after it -- test_enum.py EnumTests test_enum_as_dict_key."""
import enum
import torch


class Slot(enum.Enum):
    BIAS = 10
    SCALE = 20


@torch.compile
def fn(x):
    y = x + 2
    table = {
        Slot.BIAS: torch.tensor(1.0),
        Slot.SCALE: 3,
        "Slot.SCALE": torch.tensor(8.0),
        5: torch.ones(3),
    }
    torch._dynamo.graph_break()
    a = table[Slot.BIAS] + table["Slot.SCALE"] * table[Slot.SCALE]
    return a + y * table[5]


for i in range(4):
    print(fn(torch.full((3,), float(i))))
