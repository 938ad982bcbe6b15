# Random operators replay bitwise: the RNG state is part of the example.
# expect-graphs: 1
# expect-ops: 5
# expect-breaks: none
import torch

@torch.compile
def f(x):
    return torch.nn.functional.dropout(x, p=0.5, training=True).sum(dim=0)

torch.manual_seed(0)
f(torch.ones(4, 4))
