"""recomp: torch._dynamo.reset() between calls drops the cache, so the same call compiles again (no recompile record) -- test_misc.py torch._dynamo.reset() between tests (cache cleared)."""
import torch
import torch._dynamo

@torch.compile
def f(x):
    return x.cos() * 2

f(torch.ones(3))
f(torch.ones(3))
torch._dynamo.reset()
f(torch.ones(3))
f(torch.ones(3))
