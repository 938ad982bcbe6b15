"""nested: torch.func.vmap of a function that calls .item() (a graph break inside the functorch transform) in a compiled function, with tensor work before and after -- test_higher_order_ops.py test_vmap_with_graph_break."""
import torch

def body(v):
    s = v.sum().item()
    return v * 2 + s

@torch.compile
def f(x):
    y = x + 1
    z = torch.func.vmap(body)(y)
    return z.sin()

x = torch.ones(2, 3)
for _ in range(2):
    try:
        print(f(x).shape)
    except Exception as e:
        print(type(e).__name__)
