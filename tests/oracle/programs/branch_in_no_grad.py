"""branch: a data-dependent if inside torch.no_grad(), called with both outcomes -- test_ctx_manager.py test_no_grad with data-dependent control flow."""
import torch

@torch.compile
def f(x):
    y = x * 2
    with torch.no_grad():
        if y.sum() > 0:
            y = y + 1
        else:
            y = y - 1
    return y.cos()

f(torch.ones(3, requires_grad=True))
f(-torch.ones(3, requires_grad=True))
