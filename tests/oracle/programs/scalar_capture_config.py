"""scalar: capture_scalar_outputs=True keeps .item() in the graph -- test_misc.py test_item_capture_scalar_outputs."""
import torch
import torch._dynamo

torch._dynamo.config.capture_scalar_outputs = True

@torch.compile
def f(x):
    s = x.sum().item()
    return x * s

f(torch.ones(3))
f(torch.ones(3) * 2)
