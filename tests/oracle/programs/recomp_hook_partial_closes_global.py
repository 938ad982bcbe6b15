"""recomp: a functools.partial hook (its keyword a Python float read from a global at call time) is registered on a leaf inside the compiled function; the global changes between calls -- test_backward_higher_order_ops.py test_invoke_in_pt2_compiled_autograd_side_effect (partial hooks)."""
import functools
import torch

SCALE = 2.0

def scaled(g, k):
    return g * k

@torch.compile
def f(x, y):
    x.register_hook(functools.partial(scaled, k=SCALE))
    return x * y

for s in (2.0, 2.0, 4.0):
    SCALE = s
    x = torch.ones(2, requires_grad=True)
    y = torch.full((2,), 3.0)
    f(x, y).sum().backward()
    print(x.grad)
