# .item() reads tensor data into Python: the graph ends before it.
# expect-graphs: 2
# expect-ops: 2 1
# expect-breaks: tensor-to-python@10
import torch

@torch.compile
def f(x):
    y = x.cos().sum()
    scale = y.item()
    return x * scale

f(torch.randn(3))
