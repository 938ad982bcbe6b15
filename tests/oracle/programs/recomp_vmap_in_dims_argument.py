"""recomp: torch.func.vmap inside the compiled function with in_dims taken from an int argument; the int alternates 0/1 -- test_higher_order_ops.py test_vmap_multiple_invocation_in_dims."""
import torch

def rowsum(v):
    return (v * v).sum()

@torch.compile
def f(x, d):
    return torch.func.vmap(rowsum, in_dims=d)(x)

torch.manual_seed(0)
x = torch.randn(3, 4)
print(f(x, 0).shape)
print(f(x, 1).shape)
print(f(x, 0).shape)
print(f(x, 1).shape)
