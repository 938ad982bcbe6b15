"""recomp: forward runs half its work under torch.no_grad(); between calls the input's requires_grad and then a parameter's requires_grad toggle -- test_repros.py test_requires_grad_guards_with_grad_mode."""
import torch
import torch.nn as nn

torch.manual_seed(0)


class Half(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(3, 3)
        self.b = nn.Linear(3, 3)

    def forward(self, x):
        with torch.no_grad():
            h = self.a(x)
        return self.b(h * x)


m = Half()
cm = torch.compile(m)
x = torch.randn(2, 3)
out = cm(x)
print(round(out.sum().item(), 4), out.requires_grad)
xr = x.clone().requires_grad_(True)
out = cm(xr)
out.sum().backward()
print(round(xr.grad.sum().item(), 4), m.a.weight.grad is None)
m.b.weight.requires_grad_(False)
m.b.bias.requires_grad_(False)
out = cm(x)
print(round(out.sum().item(), 4), out.requires_grad)
