"""nested: torch.func.vmap of a function that prints (a graph break inside the transform's body); the vmap call is run eagerly around compiled graphs -- test_higher_order_ops.py test_vmap_with_graph_break_2."""
import torch

def body(v):
    print("in body")
    return v.cos() * 3

@torch.compile
def f(x):
    y = x * 2
    z = torch.func.vmap(body)(y)
    return z + 1

x = torch.ones(2, 3)
for _ in range(2):
    print(f(x).shape)
