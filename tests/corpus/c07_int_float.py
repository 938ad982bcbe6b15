# int(t) and float(t) read a scalar each.
# expect-graphs: 3
# expect-ops: 1 1 1
# expect-breaks: tensor-to-python@9 tensor-to-python@10
import torch

@torch.compile
def f(x):
    n = int(x.sum())
    scale = float(x.mean())
    return x * (n + scale)

f(torch.ones(3))
