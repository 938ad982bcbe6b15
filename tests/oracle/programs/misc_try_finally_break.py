"""misc: a graph break inside the try body of try/finally -- test_exceptions.py try/finally around a graph break."""
import torch
import torch._dynamo

@torch.compile
def f(x):
    y = x + 1
    try:
        y = y * 2
        torch._dynamo.graph_break()
        y = y - 1
    finally:
        y = y + 3
    return y.relu()

f(torch.ones(3))
f(torch.ones(3))
