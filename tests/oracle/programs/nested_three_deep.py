"""nested: a print three calls deep -- test_error_messages.py test_nested_graph_break_logging."""
import torch

def c(x):
    print("deep")
    return x + 1

def b(x):
    return c(x * 2) - 1

def a(x):
    return b(x + 3) / 2

@torch.compile
def f(x):
    return a(x.relu())

f(torch.ones(3))
