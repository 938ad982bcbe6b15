# nonzero's output shape depends on the data.
# expect-graphs: 2
# expect-ops: 1 2
# expect-breaks: dynamic-shape-op@9
import torch

@torch.compile
def f(x):
    idx = torch.nonzero(x > 0)
    return idx.float().sum()

f(torch.tensor([1.0, -1.0, 2.0]))
