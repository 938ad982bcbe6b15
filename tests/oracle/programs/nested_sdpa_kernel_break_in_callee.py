"""nested: torch.nn.attention.sdpa_kernel([MATH]) block whose middle call goes into a helper that graph-breaks before its own attention -- test_ctx_manager.py test_sdpa_kernel_ctx_manager2."""
import torch
import torch.nn.functional as F
from torch.nn.attention import sdpa_kernel, SDPBackend

def g(x):
    torch._dynamo.graph_break()
    return F.scaled_dot_product_attention(x, x, x)

@torch.compile
def f(x):
    with sdpa_kernel([SDPBackend.MATH]):
        o1 = F.scaled_dot_product_attention(x, x, x)
        o2 = g(x)
        o3 = F.scaled_dot_product_attention(x, x, x)
    return o1 + o2 + o3

torch.manual_seed(0)
x = torch.randn(1, 2, 3, 4)
for _ in range(2):
    print(f(x).shape)
