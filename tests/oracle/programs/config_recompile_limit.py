"""config: recompile_limit=1, then the frame runs eagerly -- test_recompile_ux.py test_cache_size_limit (gb0039)."""
import torch
import torch._dynamo

torch._dynamo.config.recompile_limit = 1

@torch.compile
def f(x):
    return x * 2

f(torch.ones(3))
f(torch.ones(3, dtype=torch.float64))
f(torch.ones(3, dtype=torch.int64))
