"""recomp: torch.cond with a Python bool predicate passed as an argument (specialised, one branch traced); the bool flips between calls -- test_higher_order_ops.py cond with a constant/Python predicate."""
import torch

def t_fn(x):
    return x.sin() * 2

def f_fn(x):
    return x.cos() - 1

@torch.compile
def f(flag, x):
    y = x + 1
    return torch.cond(flag, t_fn, f_fn, (y,))

x = torch.ones(3)
print(f(True, x))
print(f(True, x))
print(f(False, x))
print(f(True, x))
