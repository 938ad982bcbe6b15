"""recomp: the input starts requiring grad: the frame recompiles on requires_grad, and so does the code after the break, whose local now requires grad -- test_recompile_ux.py requires_grad mismatch with a graph break."""
import torch
import torch._dynamo


@torch.compile
def f(x):
    h = x.exp()
    torch._dynamo.graph_break()
    return h.log1p()


f(torch.ones(3))
f(torch.ones(3, requires_grad=True))
