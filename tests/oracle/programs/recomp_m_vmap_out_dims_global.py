"""recomp: torch.vmap with out_dims taken from a global int, changed between calls -- _higher_order_ops_test_functorch.py test_vmap_out_dims."""
import torch

OUT = 0


@torch.compile
def f(x):
    y = torch.vmap(lambda r: r * 2, out_dims=OUT)(x)
    return y[0]


x = torch.arange(6.0).reshape(2, 3)
print(f(x).tolist())
OUT = 1
print(f(x).tolist())
