"""recomp: a dtype change before a break: the frame and its resume function both recompile, the resume function on the local that crosses the break -- test_recompile_ux.py dtype mismatch."""
import torch
import torch._dynamo


@torch.compile
def f(x):
    hidden = x.sin()
    torch._dynamo.graph_break()
    return hidden.cos()


f(torch.ones(4))
f(torch.ones(4, dtype=torch.float64))
