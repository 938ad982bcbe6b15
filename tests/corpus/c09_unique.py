# unique's output shape depends on the data.
# expect-graphs: 2
# expect-ops: 1 1
# expect-breaks: dynamic-shape-op@9
import torch

@torch.compile
def f(x):
    values = torch.unique(x.round())
    return values * 2

f(torch.tensor([1.2, 1.1, 3.0]))
