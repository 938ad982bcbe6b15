"""recomp: a compiled function computes an input gradient under torch.enable_grad(); it is called both normally and from inside a torch.no_grad block -- test_autograd_function.py / no_grad vs enable_grad between calls."""
import torch


@torch.compile
def input_grad(x):
    with torch.enable_grad():
        x = x.detach().requires_grad_(True)
        y = (x.sin() * x).sum()
        (g,) = torch.autograd.grad(y, x)
    return g


x = torch.linspace(0, 1, 5)
a = input_grad(x)
with torch.no_grad():
    b = input_grad(x)
c = input_grad(x)
assert torch.allclose(a, b) and torch.allclose(a, c)
