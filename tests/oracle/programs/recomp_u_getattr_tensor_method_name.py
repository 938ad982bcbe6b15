"""recomp: getattr(x, ACT)() calls a tensor method named by a global string ("relu", then "sigmoid", then "tanh") -- test_functions.py test_getattr_tensor_method / activation picked by name."""
import torch

ACT = "relu"


@torch.compile
def f(x):
    return getattr(x * 2, ACT)() + 1


x = torch.tensor([-1.0, 0.5])
print([round(v, 4) for v in f(x).tolist()])
ACT = "sigmoid"
print([round(v, 4) for v in f(x).tolist()])
ACT = "tanh"
print([round(v, 4) for v in f(x).tolist()])
