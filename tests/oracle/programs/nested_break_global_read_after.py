"""nested: a helper two calls deep breaks the graph and reads a module global only after the break; the global is rebound between calls, so only the resume function can see it -- test_nested_graph_breaks.py test_nested_graph_break_in_loop / test_misc.py resume guards."""
import torch

SCALE = 2.0


def inner(x):
    y = x.sin()
    torch._dynamo.graph_break()
    return y * SCALE


def middle(x):
    return inner(x + 1) - 1


@torch.compile(backend="eager")
def f(x):
    return middle(x).cos()


x = torch.arange(3.0)
print(round(f(x).sum().item(), 4))
print(round(f(x).sum().item(), 4))
SCALE = 5.0
print(round(f(x).sum().item(), 4))
