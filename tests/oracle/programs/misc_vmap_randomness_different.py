"""misc: torch.func.vmap(randomness="different") of a body calling torch.rand_like, then randomness="error" caught -- test_higher_order_ops.py test_vmap_randomness."""
import torch

def body(v):
    return v + torch.rand_like(v)

@torch.compile
def f(x):
    return torch.func.vmap(body, randomness="different")(x)

@torch.compile
def g(x):
    return torch.func.vmap(body, randomness="error")(x)

torch.manual_seed(0)
x = torch.zeros(3, 2)
print(f(x).shape)
print(f(x).shape)
try:
    g(x)
except Exception as e:
    print(type(e).__name__)
