"""misc: torch._dynamo.is_compiling() -- test_misc.py test_is_compiling (dynamo alias)."""
import torch
import torch._dynamo

@torch.compile
def f(x):
    if not torch._dynamo.is_compiling():
        x = x.numpy()
        x = torch.from_numpy(x)
    return x * 2

f(torch.ones(3))
