"""recomp: under no_grad, an nn.Parameter argument, then a plain tensor of the same shape in its place (type guard), then a Parameter again -- test_recompile_ux.py test_mismatched_tensor_type."""
import torch

@torch.compile
def f(a, b):
    return a * b + 1

a = torch.ones(3, 4)
with torch.no_grad():
    f(a, torch.nn.Parameter(torch.ones(3, 4)))
    f(a, torch.ones(3, 4))
    f(a, torch.nn.Parameter(torch.full((3, 4), 2.0)))
