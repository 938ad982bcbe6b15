"""fullgraph: torch.cond whose branches return tensors of different shapes; the compile error is caught, then a matching-shape version succeeds -- test_higher_order_ops.py cond with mismatched branch outputs."""
import torch

def t_fn(x):
    return x.sum(0)

def f_fn(x):
    return x * 2

@torch.compile(fullgraph=True)
def bad(x):
    return torch.cond(x.sum() > 0, t_fn, f_fn, (x,))

@torch.compile(fullgraph=True)
def good(x):
    return torch.cond(x.sum() > 0, lambda t: t + 1, f_fn, (x,))

x = torch.ones(2, 3)
try:
    bad(x)
except Exception as e:
    print(type(e).__name__)
print(good(x).shape)
print(good(-x).shape)
