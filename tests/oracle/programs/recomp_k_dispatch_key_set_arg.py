"""recomp: a torch._C.DispatchKeySet argument is queried with .has("CPU"); later the key set of a meta tensor -- test_guard_serialization.py test_dispatch_key_set_match."""
import torch


@torch.compile
def fn(x, dks):
    if dks.has("CPU"):
        return torch.sin(x + 1)
    else:
        return torch.sin(x - 1)


torch.manual_seed(0)
x = torch.randn(3)
print(round(fn(x, torch._C._dispatch_keys(x)).sum().item(), 4))
print(round(fn(x, torch._C._dispatch_keys(torch.randn(2))).sum().item(), 4))
print(round(fn(x, torch._C._dispatch_keys(torch.empty(3, device="meta"))).sum().item(), 4))
