# `while t.any()` breaks on every test of the condition: 3 > 1.5 > 0.75, three tests.
# expect-graphs: 4
# expect-ops: 2 3 3 1
# expect-breaks: data-dependent-branch@9 data-dependent-branch@9 data-dependent-branch@9
import torch

@torch.compile
def f(x):
    while (x > 1).any():
        x = x / 2
    return x.neg()

f(torch.tensor([3.0]))
