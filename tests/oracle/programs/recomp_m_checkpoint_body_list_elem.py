"""recomp: torch.utils.checkpoint body reads an element of a global list mutated in place between calls -- test_activation_checkpointing.py test_checkpoint_free_variable."""
import torch
from torch.utils.checkpoint import checkpoint

FACT = [2.0, 1]


def block(x):
    return (x * FACT[0]).sin() + FACT[1]


@torch.compile
def f(x):
    return checkpoint(block, x, use_reentrant=False)


x = torch.arange(3.0, requires_grad=True)
print(round(f(x).sum().item(), 4))
FACT[0] = 3.0
print(round(f(x).sum().item(), 4))
FACT[1] = 5
print(round(f(x).sum().item(), 4))
