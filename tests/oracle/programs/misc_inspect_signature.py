"""misc: inspect.signature of a user function inside the frame -- test_misc.py test_inspect_signature_bind."""
import inspect
import torch

def helper(a, b=2, *, c=3):
    return a * b + c

@torch.compile
def f(x):
    sig = inspect.signature(helper)
    return helper(x, c=len(sig.parameters))

f(torch.ones(3))
