"""config: torch._dynamo.config.patch as a context manager -- test_misc.py config.patch."""
import torch
import torch._dynamo

@torch.compile
def f(x):
    return x * x.sum().item()

with torch._dynamo.config.patch(capture_scalar_outputs=True):
    f(torch.ones(3))
