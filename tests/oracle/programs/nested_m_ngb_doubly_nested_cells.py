"""nested: nested_graph_breaks=True, breaks in two nested levels with a nonlocal cell bumped before the inner break -- test_nested_graph_breaks.py test_cells_double_graph_break / test_doubly_nested_graph_break."""
import torch
import torch._dynamo

torch._dynamo.config.nested_graph_breaks = True


def f1(x1, k):
    cell1 = x1 + 1

    def f2(x2):
        nonlocal cell1
        cell1 = cell1 + k
        torch._dynamo.graph_break()
        x2 = x2 * 2
        torch._dynamo.graph_break()
        return x2 + cell1

    return f2(x1 + 4), cell1


@torch.compile(backend="eager")
def outer(x, k):
    a, b = f1(x, k)
    return a + b


x = torch.arange(4.0)
for k in (2, 2, 3):
    print(round(outer(x, k).sum().item(), 3))
