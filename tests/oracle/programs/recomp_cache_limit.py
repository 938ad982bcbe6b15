"""recomp: more distinct ints than the cache limit -- test_recompile_ux.py test_cache_size_limit."""
import torch
import torch._dynamo

torch._dynamo.config.recompile_limit = 2
torch._dynamo.config.automatic_dynamic_shapes = False

@torch.compile
def f(x, n):
    return x + n

for n in range(5):
    f(torch.ones(2), n)
