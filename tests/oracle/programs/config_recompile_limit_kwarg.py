"""config: the recompile_limit= argument of torch.compile (2): a third and fourth dtype run eagerly without compiling -- test_recompile_ux.py test_recompile_limit_basic."""
import torch

def add(x, y):
    return x + y * 2

cadd = torch.compile(add, recompile_limit=2)
for dt in (torch.float32, torch.float64, torch.float16, torch.int32):
    cadd(torch.ones(3, dtype=dt), torch.ones(3, dtype=dt))
cadd(torch.ones(3), torch.ones(3))
