"""recomp: the function run under non-reentrant checkpoint reads a module-global Python float that the loop changes between steps -- test_activation_checkpointing.py checkpoint with captured globals."""
import torch
from torch.utils.checkpoint import checkpoint

ALPHA = 0.5

def block(x):
    return (x * ALPHA).sin()

@torch.compile
def step(x):
    return checkpoint(block, x, use_reentrant=False).sum()

x = torch.ones(3, requires_grad=True)
for a in (0.5, 0.5, 1.5, 0.5):
    ALPHA = a
    step(x).backward()
print(x.grad)
