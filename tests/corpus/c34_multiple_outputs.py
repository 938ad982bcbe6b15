# An operator with several outputs (max with dim) and a returned tuple.
# expect-graphs: 1
# expect-ops: 2
# expect-breaks: none
import torch

@torch.compile
def f(x):
    values, indices = x.max(dim=1)
    return values.exp(), indices

f(torch.randn(2, 3))
