"""dyn: automatic_dynamic_shapes=False recompiles each size -- test_recompiles.py test_automatic_dynamic_shapes_off."""
import torch
import torch._dynamo

torch._dynamo.config.automatic_dynamic_shapes = False

@torch.compile
def f(x):
    return x - 1

for n in (2, 3, 4):
    f(torch.ones(n))
