"""recomp: torch.func.linearize inside the compiled fn, called with a new shape on the third call -- _higher_order_ops_test_vmap_guards.py test_linearize_recompiles."""
import torch


@torch.compile(backend="eager")
def fn(x):
    out, jvp_fn = torch.func.linearize(torch.sin, x)
    return out, jvp_fn(x)


torch.manual_seed(0)
for shape in ((2, 3), (2, 3), (3, 4)):
    x = torch.randn(shape)
    o, j = fn(x)
    print(round(o.sum().item(), 4), round(j.sum().item(), 4))
