# .item() in a loop of Python length 2: two breaks on one line, three graphs.
# expect-graphs: 3
# expect-ops: 1 2 1
# expect-breaks: tensor-to-python@10 tensor-to-python@10
import torch

@torch.compile
def f(x):
    for _ in range(2):
        x = x + x.sum().item()
    return x

f(torch.ones(2))
