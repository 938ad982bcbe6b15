# Two tensors, then the same tensor twice: the entry recorded two inputs.
# expect-entries: 2
# expect-reason: 0/0: Duplicate tensors found: ["a", "b"]
import torch

@torch.compile
def f(a, b):
    return a.add_(1) + b

f(torch.ones(3), torch.ones(3))
x = torch.ones(3)
f(x, x)
