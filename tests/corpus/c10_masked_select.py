# masked_select keeps a data-dependent number of elements.
# expect-graphs: 2
# expect-ops: 1 1
# expect-breaks: dynamic-shape-op@9
import torch

@torch.compile
def f(x):
    picked = torch.masked_select(x, x > 0)
    return picked.exp()

f(torch.tensor([1.0, -2.0, 0.5]))
