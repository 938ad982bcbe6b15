"""recomp: torch.func.hessian of a function raising to a global int power that changes between calls -- _higher_order_ops_test_functorch.py test_hessian."""
import torch

P = 3


def g(x):
    return (x ** P).sum()


@torch.compile
def f(x):
    return torch.func.hessian(g)(x).diagonal()


x = torch.tensor([1.0, 2.0])
print(f(x).tolist())
P = 4
print(f(x).tolist())
