"""recomp: recompile_limit=1; the outer frame hits the limit on a new int and runs eagerly, the helper it calls keeps its own earlier entry and the other helper stays uncompiled -- test_recompile_ux.py test_recompile_child_run_only."""
import torch
import torch._dynamo

torch._dynamo.config.recompile_limit = 1

def outer(x, n):
    x = x * 3
    x = scale(x)
    return shift(x) + n

def scale(x):
    return x * 2

def shift(x):
    return x - 1

torch.compile(scale)(torch.ones(3))
cf = torch.compile(outer)
cf(torch.ones(3), 0)
cf(torch.ones(3), 1)
cf(torch.ones(3), 2)
