"""recomp: shape change after a break recompiles both graphs -- test_recompile_ux.py test_recompile_child_run_only."""
import torch
import torch._dynamo

@torch.compile
def f(x):
    y = x + 1
    torch._dynamo.graph_break()
    return y * 2

f(torch.ones(3))
f(torch.ones(5))
