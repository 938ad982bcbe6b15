"""recomp: torch.func.grad of a loss reading a float from a global config dict, value changed between calls -- _higher_order_ops_test_functorch.py test_grad_freevar_python_scalar."""
import torch

CFG = {"w": 2.0, "p": 2}


def loss(x):
    return (x ** CFG["p"] * CFG["w"]).sum()


@torch.compile
def f(x):
    return torch.func.grad(loss)(x)


x = torch.arange(3.0)
print(f(x).tolist())
CFG["w"] = 3.0
print(f(x).tolist())
CFG["p"] = 3
print(f(x).tolist())
