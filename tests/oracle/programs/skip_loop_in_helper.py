"""skip: a break in a loop of an inlined helper -- test_error_messages.py nested graph break in loop."""
import torch

def accumulate(x):
    for i in range(2):
        x = x + 1
        print(i)
    return x

@torch.compile
def f(x):
    y = x * 3
    return accumulate(y)

f(torch.ones(2))
