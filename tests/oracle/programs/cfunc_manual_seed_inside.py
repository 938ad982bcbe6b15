"""cfunc: torch.manual_seed called inside the compiled function before torch.randn -- test_misc.py test_manual_seed / random state in compiled code."""
import torch

@torch.compile
def f(x):
    torch.manual_seed(123)
    return x + torch.randn(3)

f(torch.ones(3))
f(torch.ones(3))
