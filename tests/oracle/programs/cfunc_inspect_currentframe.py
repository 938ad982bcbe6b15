"""cfunc: inspect.currentframe() read inside a helper of the frame -- test_error_messages.py inspect functions (unsupported builtins)."""
import inspect
import torch

def caller_name():
    frame = inspect.currentframe()
    return frame.f_back.f_code.co_name

@torch.compile
def f(x):
    x = x * 2
    name = caller_name()
    return x + len(name)

f(torch.ones(3))
f(torch.ones(3))
