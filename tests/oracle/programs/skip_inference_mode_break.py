"""skip: a graph break inside `with torch.inference_mode():` in the compiled function; the result is used after the block -- test_ctx_manager.py test_inference_mode with graph break."""
import torch
import torch._dynamo

@torch.compile
def f(x):
    y = x * 2
    with torch.inference_mode():
        z = y.sum()
        torch._dynamo.graph_break()
        z = z + 1
    return y, z

x = torch.ones(3)
f(x)
f(x)
