"""recomp: torch.autograd.grad inside the frame (a break that leaves .grad alone), then a branch on a module parameter's .grad being None; an eager backward between calls sets it -- autograd.grad and .grad guards."""
import torch
import torch.nn as nn
torch.manual_seed(0)
m = nn.Linear(3, 3)

@torch.compile
def f(x):
    g, = torch.autograd.grad(m(x).sum(), x)
    if m.weight.grad is None:
        return g * 2
    return g + m.weight.grad.sum()

x = torch.randn(2, 3, requires_grad=True)
print(f(x).sum().item())
m(x).sum().backward()
print(f(x).sum().item())
print(f(x).sum().item())
