"""misc: non-reentrant torch.utils.checkpoint of a function taking a keyword tensor and calling a Linear, inside a compiled training step -- test_activation_checkpointing.py test_kwargs / test_tags_module."""
import torch
from torch.utils.checkpoint import checkpoint

torch.manual_seed(0)
lin = torch.nn.Linear(4, 4)

def block(x, *, scale):
    return torch.relu(lin(x)) * scale

@torch.compile
def step(x, s):
    y = checkpoint(block, x, scale=s, use_reentrant=False)
    return y.sum()

x = torch.randn(2, 4, requires_grad=True)
s = torch.full((4,), 2.0)
for _ in range(2):
    step(x, s).backward()
print(x.grad.shape, lin.weight.grad.shape)
