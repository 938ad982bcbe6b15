"""misc: tensor.tolist() feeding a Python loop inside the compiled function -- test_misc.py test_tolist."""
import torch

@torch.compile
def f(x, idx):
    out = x.clone()
    for i in idx.tolist():
        out[i] = 0
    return out

x = torch.arange(6.0)
f(x, torch.tensor([1, 3]))
f(x, torch.tensor([0, 2]))
f(x, torch.tensor([0, 2, 4]))
