"""nested: with dynamic=True, an inner closure that prints calls a partial from the enclosing cell; the cell is rebound to another partial between two calls of the inner closure; the input length (2, 3, 4) and an int argument change between program calls (no recompile for those under dynamic=True) -- test_functions.py test_partial_across_graph_break_uninvoked."""
from functools import partial

import torch


def bar(x, **kwargs):
    return x + x * len(kwargs)


@torch.compile(backend="eager", dynamic=True)
def foo(x, i):
    def inner():
        print("this is a graph_break")
        return op(x)

    op = partial(bar, dim=10)
    x = inner()
    op = partial(bar, other=10, more=i)
    return inner() + x


print(foo(torch.ones(2), 10).tolist())
print(foo(torch.ones(3), 11).tolist())
print(foo(torch.ones(4), 12).tolist())
