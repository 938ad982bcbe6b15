"""dyn: conv1d padding computed from x.shape[-1] % 2 with math.ceil; the length changes (odd, odd, even) under automatic dynamic -- test_unspec.py test_conv1d_symint_padding."""
import math
import torch
import torch.nn.functional as F

torch.manual_seed(0)
kernel = torch.randn(1, 1, 4)

@torch.compile
def f(x):
    padding = math.ceil((kernel.shape[-1] + x.shape[-1] % 2) / 2) - 1
    return F.conv1d(x, kernel, padding=padding, stride=2)

for n in (175, 249, 200, 311):
    f(torch.randn(1, 1, n))
