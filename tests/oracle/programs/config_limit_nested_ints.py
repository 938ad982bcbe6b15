"""config: recompile limit hit by an int that three inlined helpers use -- test_recompiles.py test_no_recursive_compile_after_cache_limit_hit."""
import torch
import torch._dynamo

torch._dynamo.config.cache_size_limit = 2

def h(x, n):
    return x + n

def g(x, n):
    return h(x + n, n)

def f(x, n):
    return g(x + n, n)

opt = torch.compile(f, dynamic=False)
for i in range(6):
    opt(torch.ones(3), i)
