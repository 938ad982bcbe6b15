"""recomp: torch.func.grad with argnums given by an int argument of the compiled function; argnums alternates between 0 and 1 -- test_higher_order_ops.py test_grad_two_tensor_all_grad / argnums."""
import torch

def loss(a, b):
    return (a * b.cos()).sum()

@torch.compile
def f(a, b, n):
    return torch.func.grad(loss, argnums=n)(a, b)

a, b = torch.ones(3), torch.full((3,), 0.25)
print(f(a, b, 0))
print(f(a, b, 1))
print(f(a, b, 0))
