"""skip: a graph break directly inside torch.nn.attention.sdpa_kernel([MATH, FLASH_ATTENTION]) in the frame -- test_ctx_manager.py test_sdpa_kernel_ctx_manager3."""
import torch
from torch.nn.attention import sdpa_kernel, SDPBackend

@torch.compile
def f(x):
    with sdpa_kernel([SDPBackend.MATH, SDPBackend.FLASH_ATTENTION]):
        x = x + 1
        torch._dynamo.graph_break()
        x = x * 2
    return x - 3

x = torch.randn(2, 2)
for _ in range(3):
    f(x)
