# Tensors in a list argument are inputs L['xs'][i].
# expect-graphs: 1
# expect-ops: 3
# expect-breaks: none
import torch

@torch.compile
def f(xs):
    return torch.stack(xs).sum(0).neg()

f([torch.ones(2), torch.zeros(2)])
