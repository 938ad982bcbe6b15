"""misc: model.apply(init_fn) with isinstance over submodules, in-place init under no_grad, inside the compiled function -- test_misc.py module iteration (modules/apply)."""
import torch
import torch.nn as nn

def init_fn(m):
    if isinstance(m, nn.Linear):
        with torch.no_grad():
            m.weight.fill_(0.5)
            m.bias.zero_()

model = nn.Sequential(nn.Linear(3, 3), nn.ReLU(), nn.Linear(3, 1))

@torch.compile
def f(x):
    model.apply(init_fn)
    n = sum(p.numel() for p in model.parameters())
    return model(x) + n

f(torch.ones(2, 3))
f(torch.ones(2, 3))
