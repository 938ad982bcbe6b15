"""nested: pure-Python tape autograd with the forward and the gradient walk compiled as two separate functions sharing a global tape -- test_python_autograd.py test_split."""
import torch

tape = []


class Node:
    def __init__(self, value, name):
        self.value = value
        self.name = name

    def __mul__(self, other):
        out = Node(self.value * other.value, self.name + "*" + other.name)
        tape.append((out.name, [(self.name, other.value), (other.name, self.value)]))
        return out

    def __add__(self, other):
        out = Node(self.value + other.value, self.name + "+" + other.name)
        tape.append((out.name, [(self.name, 1.0), (other.name, 1.0)]))
        return out


def forward(a, b):
    return (a + b) * b


def walk(out, leaves):
    d = {out.name: torch.ones_like(out.value)}
    for name, parts in reversed(tape):
        if name not in d:
            continue
        g = d[name]
        for src, local in parts:
            contrib = g * local
            d[src] = d[src] + contrib if src in d else contrib
    return [d[n.name] for n in leaves]


opt_forward = torch.compile(forward)
opt_walk = torch.compile(walk)

x, y = Node(torch.ones(3), "x"), Node(torch.full((3,), 3.0), "y")
for _ in range(2):
    tape.clear()
    out = opt_forward(x, y)
    gx, gy = opt_walk(out, [x, y])
    assert torch.allclose(gx, y.value) and torch.allclose(gy, x.value + 2 * y.value)
