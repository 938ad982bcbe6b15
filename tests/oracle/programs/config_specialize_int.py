"""config: specialize_int=True keeps ints static -- test_recompiles.py specialize_int."""
import torch
import torch._dynamo

torch._dynamo.config.specialize_int = True

@torch.compile
def f(x, n):
    return x + n

for n in (1, 2, 3):
    f(torch.ones(3), n)
