"""dyn: view(-1, n // 2) where n is the dynamic last dim; odd then even sizes."""
import torch


@torch.compile(backend="eager")
def f(x):
    n = x.shape[-1]
    return x.reshape(-1, n // 2).sum(0)


for n in [4, 6, 8, 10]:
    print(f(torch.ones(n)))
