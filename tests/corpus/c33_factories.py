# Tensors made from nothing inside the frame are nodes, not inputs.
# expect-graphs: 1
# expect-ops: 4
# expect-breaks: none
import torch

@torch.compile
def f(x):
    ones = torch.ones(3)
    steps = torch.arange(3)
    return x + ones * steps

f(torch.zeros(3))
