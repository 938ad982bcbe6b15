"""recomp: a fullgraph function that branches on torch.is_autocast_cpu_enabled() inside its own autocast block, called plain, then under an outer autocast(cpu, bfloat16), then under an outer autocast(cpu, float16) -- test_ctx_manager.py test_is_autocast_cpu_enabled."""
import torch

@torch.compile(fullgraph=True)
def f(a, b):
    c = torch.mm(a, b)
    with torch.autocast(device_type="cpu", dtype=torch.bfloat16):
        d = torch.mm(a, c)
        if torch.is_autocast_cpu_enabled():
            d = d + 1
    return c, d

torch.manual_seed(0)
a, b = torch.rand(4, 4), torch.rand(4, 4)
print([t.dtype for t in f(a, b)])
print([t.dtype for t in f(a, b)])
with torch.autocast(device_type="cpu", dtype=torch.bfloat16):
    print([t.dtype for t in f(a, b)])
with torch.autocast(device_type="cpu", dtype=torch.float16):
    print([t.dtype for t in f(a, b)])
