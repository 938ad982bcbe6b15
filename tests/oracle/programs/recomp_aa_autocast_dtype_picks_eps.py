"""recomp: a fullgraph layer reads torch.get_autocast_dtype("cpu") to pick its epsilon, run under autocast(cpu, float16) and then autocast(cpu, bfloat16): the global autocast dtype guard fails and it recompiles; rerunning under float16 hits -- test_recompiles.py test_autocast_constant_fold."""
import torch

torch.manual_seed(0)
weight = torch.randn(4, 4)

@torch.compile(fullgraph=True)
def norm_proj(x):
    if torch.get_autocast_dtype("cpu") == torch.float16:
        eps = 1e-3
    else:
        eps = 1e-6
    x = x / (x.pow(2).mean(-1, keepdim=True) + eps).sqrt()
    return torch.mm(x, weight)

x = torch.randn(2, 4)
with torch.autocast("cpu", dtype=torch.float16):
    print(norm_proj(x).dtype)
with torch.autocast("cpu", dtype=torch.bfloat16):
    print(norm_proj(x).dtype)
with torch.autocast("cpu", dtype=torch.float16):
    print(norm_proj(x).dtype)
