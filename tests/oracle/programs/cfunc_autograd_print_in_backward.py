"""cfunc: an autograd.Function whose backward prints, applied in a module's forward -- test_autograd_function.py test_print_in_bwd."""
import torch

class PrintGrad(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return torch.add(x, x)

    @staticmethod
    def backward(ctx, grad):
        print("backward called")
        return grad

class M(torch.nn.Module):
    def forward(self, x):
        return PrintGrad.apply(x).sin()

m = torch.compile(M())
x = torch.ones(2, 2, requires_grad=True)
m(x).sum().backward()
m(x).sum().backward()
