"""misc: torch.utils.checkpoint (non-reentrant) of a clean function is one graph -- test_activation_checkpointing.py test_tags_function."""
import torch
import torch.utils.checkpoint

def block(x, w):
    return torch.tanh(x @ w).sum(dim=0)

@torch.compile
def f(x, w):
    return torch.utils.checkpoint.checkpoint(block, x.relu(), w, use_reentrant=False) * 3

torch.manual_seed(0)
w = torch.randn(3, 3, requires_grad=True)
f(torch.randn(2, 3), w).sum().backward()
f(torch.randn(2, 3), w).sum().backward()
