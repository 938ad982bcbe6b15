"""recomp: torch.cond branches read a module-global tensor (lifted as a free variable); the global is rebound to a tensor of another shape -- test_higher_order_ops.py test_capture_untracked_global for cond."""
import torch

W = torch.ones(3)

def t_fn(x):
    return x + W

def f_fn(x):
    return x - W.sum()

@torch.compile
def f(x):
    return torch.cond(x.sum() > 0, t_fn, f_fn, (x,))

print(f(torch.ones(3)))
print(f(-torch.ones(3)))
W = torch.ones(1) * 5
print(f(torch.ones(3)))
