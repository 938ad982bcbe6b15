"""recomp: while_loop body adds a global int step that changes between calls -- test_higher_order_ops.py test_while_loop_with_closure / free variable."""
import torch
from torch._higher_order_ops.while_loop import while_loop

STEP = 1


def cond_fn(i, x):
    return i < 4


def body_fn(i, x):
    return i + 1, x + STEP


@torch.compile
def f(x):
    i, y = while_loop(cond_fn, body_fn, (torch.tensor(0), x))
    return y


x = torch.zeros(3)
print(f(x).tolist())
STEP = 3
print(f(x).tolist())
