"""dyn: nn.Parameter inputs of changing size stay static (force_parameter_static_shapes) -- test_recompiles.py test_dynamic_shape_parameter_recompile."""
import torch
torch.manual_seed(0)
w = torch.nn.Parameter(torch.randn(3, 2))

@torch.compile
def f(x):
    return x @ w

for n in (1, 10, 11, 15, 15):
    f(torch.nn.Parameter(torch.randn(n, 3)))
