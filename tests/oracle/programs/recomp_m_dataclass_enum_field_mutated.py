"""recomp: a mutable dataclass held by a module has an Enum field switched between calls -- test_enum.py / test_misc.py dataclass with enum field."""
import dataclasses
import enum
import torch
import torch.nn as nn


class Mode(enum.Enum):
    ADD = 1
    MUL = 2


@dataclasses.dataclass
class State:
    mode: Mode = Mode.ADD
    k: int = 2


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.st = State()

    def forward(self, x):
        if self.st.mode is Mode.ADD:
            return x + self.st.k
        return x * self.st.k


m = M()
cm = torch.compile(m)
x = torch.arange(3.0)
print(cm(x).tolist())
m.st.mode = Mode.MUL
print(cm(x).tolist())
m.st.k = 5
print(cm(x).tolist())
