"""cfunc: torch.profiler.profile() entered and left inside the frame, its object then queried after the block (key_averages) -- test_ctx_manager.py test_torch_profiler_use_after_with_block."""
import torch

@torch.compile
def f(x):
    y = x * 2
    with torch.profiler.profile() as p:
        pass
    n = len(p.key_averages())
    return y + 1, n >= 0

x = torch.ones(3)
print(f(x)[1])
print(f(x)[1])
