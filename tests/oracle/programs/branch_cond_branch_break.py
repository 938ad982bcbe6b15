"""branch: torch.cond whose branch calls .item() (untraceable branch) -- test_higher_order_ops.py cond with graph break in branch."""
import torch

def true_fn(x):
    return x * x.sum().item()

def false_fn(x):
    return x - 1

@torch.compile
def f(x):
    y = x + 1
    return torch.cond(y.sum() > 0, true_fn, false_fn, (y,))

try:
    f(torch.ones(3))
except Exception as e:
    print(type(e).__name__)
