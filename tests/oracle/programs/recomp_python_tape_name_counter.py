"""recomp: a pure-Python tape autograd whose global name counter is never reset, so each call starts from a new global int -- test_python_autograd.py test_forwards1 (without reset_tape)."""
import torch

_next = 0
tape = []


def fresh():
    global _next
    name = "v" + str(_next)
    _next += 1
    return name


class Var:
    def __init__(self, value, name=None):
        self.value = value
        self.name = name or fresh()

    def __mul__(self, other):
        out = Var(self.value * other.value)
        tape.append((self.name, other.name, out.name))
        return out

    def __add__(self, other):
        out = Var(self.value + other.value)
        tape.append((self.name, other.name, out.name))
        return out


@torch.compile
def forward(a, b):
    va, vb = Var(a), Var(b)
    r = (va + vb) * vb
    return r.value.sum(), r.name


a, b = torch.ones(3), torch.full((3,), 2.0)
names = [forward(a, b)[1] for _ in range(3)]
assert names == ["v3", "v7", "v11"], names
assert len(tape) == 6
