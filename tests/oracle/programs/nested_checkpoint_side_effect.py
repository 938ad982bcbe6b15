"""nested: the function run under torch.utils.checkpoint rebinds a nonlocal (a side effect in the higher-order op body) -- test_higher_order_ops.py test_side_effect_in_body."""
import torch
import torch.utils.checkpoint

def make():
    seen = None

    def block(x):
        nonlocal seen
        seen = x
        return x.sin().cos()

    @torch.compile
    def f(x):
        y = torch.utils.checkpoint.checkpoint(block, x * 2, use_reentrant=False)
        return y + 1

    return f

f = make()
f(torch.ones(3, requires_grad=True)).sum().backward()
f(torch.ones(3, requires_grad=True)).sum().backward()
