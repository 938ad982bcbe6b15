"""cfunc: print inside a function run under non-reentrant checkpoint in the compiled step (a break in the checkpoint body; the checkpoint runs eagerly) -- test_activation_checkpointing.py test_fallback / checkpoint body with a print."""
import torch
from torch.utils.checkpoint import checkpoint

def block(x):
    y = x.sin()
    print("block")
    return y.cos()

@torch.compile
def step(x):
    a = x * 2
    b = checkpoint(block, a, use_reentrant=False)
    return (b + 1).sum()

x = torch.ones(3, requires_grad=True)
for _ in range(2):
    step(x).backward()
print(x.grad)
