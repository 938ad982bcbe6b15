"""dyn: an int head count argument used in view(); it changes, becomes dynamic, then a third value reuses the graph -- test_unspec.py test_unspec_int used in shapes."""
import torch

@torch.compile
def split_heads(x, heads):
    b, d = x.shape
    return x.view(b, heads, d // heads).sum(-1)

x = torch.ones(2, 12)
split_heads(x, 2)
split_heads(x, 3)
split_heads(x, 4)
split_heads(x, 6)
