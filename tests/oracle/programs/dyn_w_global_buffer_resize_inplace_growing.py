"""dyn: a global tensor the compiled function reads is grown in place with resize_ between calls (same object, new size each time) and filled; automatic dynamic shapes decide whether it recompiles once or every time -- test_dynamic_shapes.py global tensor resized in place."""
import torch

BUF = torch.ones(2)


@torch.compile
def f(x):
    return x[: BUF.shape[0]] * BUF + BUF.shape[0]


x = torch.arange(8.0)
print(f(x).tolist())
for n in (3, 4, 5):
    BUF.resize_(n)
    BUF.fill_(float(n))
    print(f(x).tolist())
