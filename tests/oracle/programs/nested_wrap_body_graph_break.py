"""nested: a graph break inside the body of the wrap higher-order op: Dynamo falls back on the wrap call and then compiles the body's frame on its own (clone, sin, sin, clone) -- test_higher_order_ops.py test_fallback_on_graph_break_complicated."""
import torch
from torch._higher_order_ops.wrap import wrap

g = torch.full((3,), 2.0)

def inner(x):
    y = x.sin()
    y = y * g
    torch._dynamo.graph_break()
    z = y.sin()
    return z

@torch.compile
def f(x):
    x = x.clone()
    r = wrap(inner, x)
    return r.clone()

x = torch.ones(3)
for _ in range(2):
    print(f(x))
