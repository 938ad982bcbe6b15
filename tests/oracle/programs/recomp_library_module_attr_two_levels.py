"""recomp: the compiled function passes torch.nn.GELU.__init__.__defaults__[0] (data of a library class, reached through the torch module) as gelu's approximate=; the defaults tuple is replaced between calls -- test_modules.py / test_functions.py test_defaults."""
import torch


@torch.compile(backend="eager")
def f(x):
    return torch.nn.functional.gelu(x, approximate=torch.nn.GELU.__init__.__defaults__[0])


x = torch.linspace(-2.0, 2.0, 5)
orig = torch.nn.GELU.__init__.__defaults__
print(round(f(x).sum().item(), 6))
print(round(f(x).sum().item(), 6))
torch.nn.GELU.__init__.__defaults__ = ("tanh",)
print(round(f(x).sum().item(), 6))
torch.nn.GELU.__init__.__defaults__ = orig
