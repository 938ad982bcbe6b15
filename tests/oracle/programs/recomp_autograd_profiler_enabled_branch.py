"""recomp: a branch on torch.autograd._profiler_enabled() in the frame; called outside, then inside torch.autograd.profiler.profile(), then outside again -- test_ctx_manager.py test_autograd_profiler_enabled / test_profiler.py test_profiler_enabled_export."""
import torch

@torch.compile
def f(x):
    x = torch.sin(x)
    if torch.autograd._profiler_enabled():
        return x + 1
    return x - 1

x = torch.ones(2, 2)
print(f(x).sum().item())
with torch.autograd.profiler.profile():
    print(f(x).sum().item())
print(f(x).sum().item())
