"""config: error_on_recompile=True turns the second compile into a RecompileError the caller catches -- test_misc.py test_error_on_recompile."""
import torch
import torch._dynamo

@torch.compile
def f(a, b):
    return a + b

torch._dynamo.config.error_on_recompile = True
f(torch.ones(2, 3), torch.ones(2, 3))
try:
    f(torch.ones(2, 3), (1, 2, 3))
except torch._dynamo.exc.RecompileError:
    pass
torch._dynamo.config.error_on_recompile = False
