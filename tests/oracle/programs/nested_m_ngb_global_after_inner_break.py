"""nested: nested_graph_breaks=True, a break two calls deep and a global read after it that changes between calls -- test_nested_graph_breaks.py test_single_graph_break."""
import torch
import torch._dynamo

torch._dynamo.config.nested_graph_breaks = True
SCALE = 2.0


def f1(x1):
    x1 = x1 + 1
    torch._dynamo.graph_break()
    return x1 * SCALE


def f2(x2):
    return f1(x2 + 4) + 8


@torch.compile(backend="eager")
def f3(x3):
    return f2(x3 + 16) + 32


x = torch.arange(3.0)
print(round(f3(x).sum().item(), 3))
print(round(f3(x).sum().item(), 3))
SCALE = 5.0
print(round(f3(x).sum().item(), 3))
