"""sidefx: writing through globals() inside the frame -- test_error_messages.py locals()/globals() mutation."""
import torch

calls = 0

@torch.compile
def f(x):
    g = globals()
    g["calls"] = g["calls"] + 1
    return x + 1

f(torch.ones(3))
f(torch.ones(3))
assert calls == 2
