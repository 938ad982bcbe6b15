"""nested: an inlined helper breaks inside torch.autocast("cpu", bfloat16) and returns from inside the with block -- test_ctx_manager.py test_graph_break_inlining_autocast."""
import torch
import torch._dynamo

def gn(x, y):
    with torch.autocast(device_type="cpu", dtype=torch.bfloat16):
        z = torch.mm(x, y)
        torch._dynamo.graph_break()
        return torch.sin(z)

@torch.compile
def f(x, y):
    z = torch.mm(x, y)
    return z + gn(x, y)

torch.manual_seed(0)
x, y = torch.rand(3, 3), torch.rand(3, 3)
f(x, y)
f(x, y)
