"""skip: print inside a for loop skips the whole frame -- test_error_messages.py test_graph_break_in_loop."""
import torch

@torch.compile
def f(x):
    for i in range(3):
        x = x + i
        print("iteration", i)
    return x

f(torch.ones(2))
f(torch.ones(2))
