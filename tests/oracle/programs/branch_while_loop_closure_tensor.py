"""branch: torch._higher_order_ops.while_loop whose body increments the counter by a closed-over tensor; the number of iterations differs by input value, no recompile expected -- test_higher_order_ops.py while_loop with closures."""
import torch
from torch._higher_order_ops import while_loop

step = torch.full((3,), 0.5)

def cond_fn(i, x):
    return i < x.sum()

def body_fn(i, x):
    return i + step[0] * 2, x.clone()

@torch.compile
def f(x):
    i0 = torch.tensor(0.0)
    return while_loop(cond_fn, body_fn, (i0, x))

print(f(torch.zeros(3)))
print(f(torch.ones(3) * 2))
print(f(torch.ones(3) * 3))
print(f(torch.ones(3) * -1))
