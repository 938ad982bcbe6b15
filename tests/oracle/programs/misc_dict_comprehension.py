"""misc: dict comprehension over a module's named_parameters -- test_misc.py named_parameters dict."""
import torch
torch.manual_seed(0)

lin = torch.nn.Linear(2, 2)

@torch.compile
def f(x):
    sq = {k: (v * v).sum() for k, v in lin.named_parameters()}
    return lin(x).sum() + sq["weight"]

f(torch.ones(1, 2))
