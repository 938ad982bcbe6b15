"""recomp: torch.func.grad of a loss that closes over a Python float the caller rebinds (nonlocal) between calls -- test_higher_order_ops.py test_grad_freevar_python_scalar."""
import torch

def make():
    k = 2.0

    def loss(x):
        return (x.sin() * k).sum()

    @torch.compile
    def f(x):
        return torch.func.grad(loss)(x)

    def set_k(v):
        nonlocal k
        k = v

    return f, set_k

f, set_k = make()
x = torch.ones(3)
print(f(x))
print(f(x))
set_k(5.0)
print(f(x))
