"""nested: recursion is inlined without a break -- test_functions.py test_recursion."""
import torch

def power(x, n):
    if n == 0:
        return x
    return power(x * 2, n - 1)

@torch.compile
def f(x):
    return power(x, 3)

f(torch.ones(3))
