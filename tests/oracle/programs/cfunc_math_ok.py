"""cfunc: math.sqrt on constants is traced (control) -- test_functions.py test_math_sqrt."""
import math
import torch

@torch.compile
def f(x):
    return x * math.sqrt(4.0) + math.pi

f(torch.ones(3))
