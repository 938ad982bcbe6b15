"""nested: a functools.wraps decorator whose wrapper prints around the call -- test_functions.py test_wraps / decorated helper."""
import functools
import torch

def logged(fn):
    @functools.wraps(fn)
    def wrapper(*args):
        print("calling", fn.__name__)
        return fn(*args)
    return wrapper

@logged
def scale(x):
    return x * 3

@torch.compile
def f(x):
    return scale(x + 1).relu()

f(torch.ones(3))
