"""nested: a break two calls deep where the outer functions compute nothing before the call; grad mode then changes -- test_error_messages.py test_nested_graph_break with empty frames."""
import torch


def inner(x):
    print("in inner")
    return x.sin()


def middle(x):
    return inner(x)


@torch.compile
def f(x):
    return middle(x)


f(torch.ones(3))
with torch.no_grad():
    f(torch.ones(3))
