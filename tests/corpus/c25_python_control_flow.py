# Control flow on Python values (not tensors) does not break the graph.
# expect-graphs: 1
# expect-ops: 4
# expect-breaks: none
import torch

@torch.compile
def f(x, steps, flip):
    for _ in range(steps):
        x = x * 2
    if flip:
        x = -x
    return x

f(torch.ones(2), 3, True)
