"""config: specialize_float=False makes floats symbolic -- test_recompiles.py specialize_float."""
import torch
import torch._dynamo

torch._dynamo.config.specialize_float = False

@torch.compile
def f(x, s):
    return x * s

for s in (0.5, 1.5, 2.5):
    f(torch.ones(3), s)
