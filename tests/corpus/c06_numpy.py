# .numpy() hands the tensor's memory to numpy.
# expect-graphs: 2
# expect-ops: 1 1
# expect-breaks: tensor-to-python@9
import torch

@torch.compile
def f(x):
    array = x.abs().numpy()
    return x + float(array.max())

f(torch.randn(4))
