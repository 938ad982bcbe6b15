"""branch: a torch.cond branch appends to and pops from an outer list (side effect in a branch); the error is caught -- test_higher_order_ops.py test_cond_side_effect_in_one_branches."""
import torch

z = [torch.ones(4, 4)]

def true_fn(x):
    z.append(x)
    z.append(x)
    z.pop()
    return x.sum() + z[-1].sum()

def false_fn(x):
    return x.sum() - z[0].sum()

@torch.compile
def f(pred, x):
    return torch.cond(pred, true_fn, false_fn, (x,))

try:
    f(torch.tensor(True), torch.ones(4, 4))
except Exception as e:
    print(type(e).__name__)
