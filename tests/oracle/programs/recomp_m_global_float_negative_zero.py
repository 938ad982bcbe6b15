"""recomp: a global float bias that is 0.0, then -0.0 (equal under ==) used in torch.copysign -- test_unspec.py / test_guard_manager.py float constant match."""
import torch

Z = 0.0


@torch.compile(backend="eager")
def f(x):
    return torch.copysign(x, torch.tensor(Z))


x = torch.ones(2)
for z in (0.0, 0.0, -0.0, 0.0):
    Z = z
    print(f(x).tolist())
