"""sidefx: a pure-Python tape autograd (global tape list + global name counter) run inside the frame, resetting the tape at entry -- test_python_autograd.py test_backwards2."""
import torch

_counter = 0
tape = []


def fresh():
    global _counter
    name = "v%d" % _counter
    _counter += 1
    return name


def reset():
    global _counter
    tape.clear()
    _counter = 0


class Var:
    def __init__(self, value, name=None):
        self.value = value
        self.name = name or fresh()

    def __mul__(self, other):
        out = Var(self.value * other.value)

        def back(g):
            return [g * other.value, g * self.value]

        tape.append(([self.name, other.name], out.name, back))
        return out

    def __add__(self, other):
        out = Var(self.value + other.value)
        tape.append(([self.name, other.name], out.name, lambda g: [g, g]))
        return out

    def total(self):
        out = Var(self.value.sum())
        n = self.value.size()
        tape.append(([self.name], out.name, lambda g: [g.expand(n)]))
        return out


def grads(loss, wanted):
    d = {loss.name: torch.ones(())}
    for inputs, output, back in reversed(tape):
        if output not in d:
            continue
        for name, g in zip(inputs, back(d[output])):
            d[name] = d[name] + g if name in d else g
    return [d.get(w.name) for w in wanted]


@torch.compile
def f(a, b):
    reset()
    va, vb = Var(a, "a"), Var(b, "b")
    loss = ((va + vb) * vb).total()
    out = grads(loss, [va, vb])
    reset()
    return out


a, b = torch.ones(4), torch.full((4,), 2.0)
for _ in range(3):
    ga, gb = f(a, b)
    assert torch.allclose(ga, b) and torch.allclose(gb, a + 2 * b)
assert _counter == 0 and tape == []
