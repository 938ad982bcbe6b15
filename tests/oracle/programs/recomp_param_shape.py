"""recomp: two module instances of different sizes through one compiled function -- test_recompiles.py test_dynamic_shape_parameter_recompile."""
import torch
torch.manual_seed(0)

@torch.compile
def run(m, x):
    return m(x)

run(torch.nn.Linear(3, 3), torch.ones(2, 3))
run(torch.nn.Linear(3, 5), torch.ones(2, 3))
