"""skip: print inside torch.set_grad_enabled(False) -- test_ctx_manager.py test_set_grad_enabled with graph break."""
import torch

@torch.compile
def f(x):
    x = x * 3
    with torch.set_grad_enabled(False):
        y = x + 1
        print("inside")
        y = y * y
    return x + y

f(torch.ones(3, requires_grad=True))
