"""branch: torch.cond branches read a closure variable the function rebinds (nonlocal c = 1) just before the cond -- test_higher_order_ops.py test_cond_side_effects."""
import torch

def make():
    c = 0

    def true_fn(x):
        return x - c

    def false_fn(x):
        return x + c

    @torch.compile
    def f(pred, x):
        nonlocal c
        c = 1
        return torch.cond(pred, true_fn, false_fn, (x,))

    return f

f = make()
f(torch.tensor(False), torch.tensor([0.25, 0.25]))
f(torch.tensor(True), torch.tensor([0.25, 0.25]))
f(torch.tensor(False), torch.tensor([0.5, 0.5]))
