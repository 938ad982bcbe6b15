"""branch: Python bool argument flips (no data dependence, a recompile) -- test_recompiles.py test_recompiles_true_false_flop."""
import torch

@torch.compile
def f(x, use_sin):
    if use_sin:
        return x.sin()
    return x.cos()

x = torch.ones(3)
f(x, True)
f(x, False)
f(x, True)
f(x, False)
