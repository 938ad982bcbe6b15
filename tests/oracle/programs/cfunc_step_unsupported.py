"""cfunc: torch._dynamo.step_unsupported(): Dynamo compiles up to the last resumable point and skips the rest of the frame -- test_error_messages.py test_step_graph_break."""
import torch
import torch._dynamo

@torch.compile
def f(x):
    x = x + 1
    x = x * 2
    torch._dynamo.step_unsupported()
    return x.sin() + 4

f(torch.ones(3))
f(torch.ones(3))
