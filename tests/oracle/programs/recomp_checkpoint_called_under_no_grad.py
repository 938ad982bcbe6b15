"""recomp: a compiled function using non-reentrant checkpoint is trained, then called under torch.no_grad() for evaluation, then trained again -- test_activation_checkpointing.py checkpoint under no_grad (grad mode guard)."""
import torch
from torch.utils.checkpoint import checkpoint

torch.manual_seed(0)
w = torch.randn(4, 4, requires_grad=True)

def block(x):
    return torch.tanh(x @ w)

@torch.compile
def f(x):
    return checkpoint(block, x, use_reentrant=False).sum()

x = torch.randn(2, 4)
f(x).backward()
with torch.no_grad():
    print(f(x).requires_grad)
f(x).backward()
print(w.grad.shape)
