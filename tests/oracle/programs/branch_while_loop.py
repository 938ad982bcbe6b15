"""branch: torch.while_loop with a tensor loop condition -- test_higher_order_ops.py test_while_loop_simple."""
import torch

def cond_fn(i, x):
    return i < 4

def body_fn(i, x):
    return i + 1, x * 2

@torch.compile
def f(x):
    i = torch.tensor(0)
    _, out = torch._higher_order_ops.while_loop(cond_fn, body_fn, (i, x))
    return out + 1

f(torch.ones(3))
f(torch.ones(3))
