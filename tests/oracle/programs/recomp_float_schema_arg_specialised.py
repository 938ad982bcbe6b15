"""recomp: a float argument passed as layer_norm eps (an operator `float`) and as leaky_relu negative_slope (a Scalar), each changing -- test_unspec.py float specialization."""
import torch
import torch.nn.functional as F
@torch.compile
def f(x, eps, slope):
    return F.layer_norm(x, (8,), None, None, eps) + F.leaky_relu(x, slope)
x = torch.randn(2, 8)
for eps in (1e-5, 1e-6, 1e-3, 1e-6):
    f(x, eps, 0.1)
for s in (0.2, 0.3, 0.4):
    f(x, 1e-5, s)
