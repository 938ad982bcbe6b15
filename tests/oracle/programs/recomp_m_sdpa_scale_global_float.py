"""recomp: scaled_dot_product_attention with scale= read from a global float and is_causal from a global bool, both changed between calls -- test_sdpa.py test_sdpa_kwargs / test_higher_order_ops."""
import torch
import torch.nn.functional as F

torch.manual_seed(0)
SCALE = 0.5
CAUSAL = False


@torch.compile
def f(q, k, v):
    return F.scaled_dot_product_attention(q, k, v, scale=SCALE, is_causal=CAUSAL)


q, k, v = (torch.randn(1, 2, 4, 8) for _ in range(3))
print(round(f(q, k, v).sum().item(), 4))
SCALE = 0.1
print(round(f(q, k, v).sum().item(), 4))
CAUSAL = True
print(round(f(q, k, v).sum().item(), 4))
