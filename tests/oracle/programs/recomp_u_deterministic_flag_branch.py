"""recomp: a branch on torch.are_deterministic_algorithms_enabled(); torch.use_deterministic_algorithms toggles it between calls -- test_misc.py test_deterministic_algorithms_mutation / global torch state read in the frame."""
import torch


@torch.compile
def f(x):
    if torch.are_deterministic_algorithms_enabled():
        return x.sort().values
    return x * 2


x = torch.tensor([3.0, 1.0, 2.0])
print(f(x).tolist())
torch.use_deterministic_algorithms(True)
print(f(x).tolist())
torch.use_deterministic_algorithms(False)
print(f(x).tolist())
