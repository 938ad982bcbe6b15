"""recomp: a size change in a frame with two breaks: the frame and both resume functions recompile, then all three take the dynamic size -- test_recompile_ux.py recompile with several graph breaks."""
import torch
import torch._dynamo


@torch.compile
def f(x):
    a = x * 2
    torch._dynamo.graph_break()
    b = a + 1
    torch._dynamo.graph_break()
    return b.sum()


f(torch.ones(2))
f(torch.ones(3))
f(torch.ones(4))
