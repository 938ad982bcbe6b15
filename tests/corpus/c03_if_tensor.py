# `if tensor:` needs the tensor's value: a data-dependent branch.
# expect-graphs: 2
# expect-ops: 2 1
# expect-breaks: data-dependent-branch@10
import torch

@torch.compile
def f(x):
    s = x.sum()
    if s > 0:
        return x + 1
    return x - 1

f(torch.ones(3))
