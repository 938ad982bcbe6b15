"""recomp: a tiny Python-level autograd in the style of test_python_autograd.py: a global tape list is appended to inside the compiled function and its length and stored multipliers pick the output -- test_python_autograd.py test_forwards1."""
import torch

TAPE = []


class Var:
    def __init__(self, value, mult):
        self.value = value
        self.mult = mult


def mul(v, k):
    out = Var(v.value * k, v.mult * k)
    TAPE.append(out.mult)
    return out


@torch.compile(backend="eager")
def f(x):
    v = mul(Var(x, 1.0), 2.0)
    v = mul(v, 3.0)
    return v.value + len(TAPE) + sum(TAPE)


x = torch.ones(2)
for _ in range(3):
    print(f(x).sum().item(), len(TAPE))
