"""recomp: two Linears are compiled together; between calls the second's weight is made to share the first's storage with .set_() under no_grad, then the first's weight is edited in place (both see it), then the second gets its own storage back -- test_repros.py aliased parameters."""
import torch
import torch.nn as nn

torch.manual_seed(0)
a = nn.Linear(2, 2, bias=False)
b = nn.Linear(2, 2, bias=False)


@torch.compile
def f(x):
    return a(x) - b(x)


x = torch.ones(1, 2)
with torch.no_grad():
    print(round(f(x).sum().item(), 4))
    b.weight.set_(a.weight)
    print(round(f(x).sum().item(), 4))
    a.weight.add_(1.0)
    print(round(f(x).sum().item(), 4), round(b.weight.sum().item(), 4))
    b.weight.set_(torch.full((2, 2), 0.5))
    print(round(f(x).sum().item(), 4))
