"""recomp: the activation is looked up with getattr(torch, ACT) where ACT is a global string rebound between calls -- test_functions.py test_getattr_torch_name_global."""
import torch

ACT = "relu"


@torch.compile(backend="eager")
def f(x):
    fn = getattr(torch, ACT)
    return fn(x).sum()


torch.manual_seed(0)
x = torch.randn(6)
print(round(f(x).item(), 4))
ACT = "sigmoid"
print(round(f(x).item(), 4))
ACT = "tanh"
print(round(f(x).item(), 4))
ACT = "relu"
print(round(f(x).item(), 4))
