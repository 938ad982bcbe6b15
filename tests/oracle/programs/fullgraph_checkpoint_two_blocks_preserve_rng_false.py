"""fullgraph: two separate non-reentrant checkpoints in one fullgraph function, the second with preserve_rng_state=False and dropout in train mode -- test_activation_checkpointing.py test_tags_multiple_checkpoints."""
import torch
import torch.nn.functional as F
from torch.utils.checkpoint import checkpoint

def b1(x):
    return torch.sigmoid(x).cos()

def b2(x):
    return F.dropout(x, p=0.0, training=True).relu()

@torch.compile(fullgraph=True)
def f(x):
    y = checkpoint(b1, x, use_reentrant=False)
    z = checkpoint(b2, y, use_reentrant=False, preserve_rng_state=False)
    return z.sum()

torch.manual_seed(0)
x = torch.randn(4, 4, requires_grad=True)
for _ in range(2):
    f(x).backward()
print(x.grad.shape)
