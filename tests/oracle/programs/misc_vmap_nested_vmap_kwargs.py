"""misc: vmap over vmap with a keyword tensor argument and out_dims, inside a compiled function; called with a larger batch -- test_higher_order_ops.py test_vmap_over_vmap_two_inputs / test_vmap_kwargs."""
import torch

def fn(x, *, y):
    return x * y + 1

@torch.compile
def f(x, y):
    inner = torch.func.vmap(fn)
    return torch.func.vmap(inner, out_dims=1)(x, y=y)

torch.manual_seed(0)
print(f(torch.randn(2, 3, 4), torch.randn(2, 3, 4)).shape)
print(f(torch.randn(2, 3, 4), torch.randn(2, 3, 4)).shape)
print(f(torch.randn(5, 3, 4), torch.randn(5, 3, 4)).shape)
