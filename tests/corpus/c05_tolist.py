# .tolist() converts tensor data to Python.
# expect-graphs: 2
# expect-ops: 1 2
# expect-breaks: tensor-to-python@9
import torch

@torch.compile
def f(x):
    values = (x * 3).tolist()
    return torch.tensor(values).add(1)

f(torch.arange(3.0))
