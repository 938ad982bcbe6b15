# In-place updates are recorded with what they mutate.
# expect-graphs: 1
# expect-ops: 3
# expect-breaks: none
import torch

@torch.compile
def f(x):
    y = x.clone()
    y.add_(1)
    y.mul_(3)
    return y

f(torch.ones(3))
