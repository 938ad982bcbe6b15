"""dyn: x.size() is read before a print graph break and used to view a product after it; the batch size changes twice (the second change compiles both pieces with a dynamic size) -- test_repros.py test_issue1466_size_aot_autograd."""
import torch


@torch.compile(backend="eager")
def fn(x):
    y = x * 2
    x_size = x.size()
    print("arf")
    z = y.view(x_size) + 1
    return z


for n in (2, 4, 5):
    print(fn(torch.ones(n, 3)).sum().item())
