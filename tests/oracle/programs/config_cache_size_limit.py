"""config: the old name cache_size_limit -- test_recompile_ux.py cache_size_limit alias."""
import torch
import torch._dynamo

torch._dynamo.config.cache_size_limit = 2

@torch.compile
def f(x):
    return x + 1

for dt in (torch.float32, torch.float64, torch.int32, torch.int64):
    f(torch.ones(2, dtype=dt))
