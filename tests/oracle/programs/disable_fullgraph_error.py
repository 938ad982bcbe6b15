"""disable: fullgraph=True on a function calling a torch.compiler.disable'd helper raises Unsupported, caught -- test_misc.py test_disable_fullgraph / test_error_messages.py skipped function fullgraph."""
import torch
import torch._dynamo

@torch.compiler.disable
def helper(x):
    return x + 1

@torch.compile(fullgraph=True)
def f(x):
    return helper(x * 2) - 1

try:
    f(torch.ones(3))
except torch._dynamo.exc.Unsupported:
    pass
