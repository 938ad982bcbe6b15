"""fullgraph: fullgraph=True with recompile_limit=1: a second dtype raises FailOnRecompileLimitHit, which the caller catches, then the first dtype still hits -- test_recompile_ux.py test_recompile_limit_fullgraph_raises."""
import torch
from torch._dynamo.exc import FailOnRecompileLimitHit

@torch.compile(fullgraph=True, recompile_limit=1)
def f(x):
    return x.sin() + 1

f(torch.ones(3))
try:
    f(torch.ones(3, dtype=torch.float64))
except FailOnRecompileLimitHit:
    print("limit hit")
f(torch.ones(3))
