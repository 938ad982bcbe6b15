"""cfunc: torch.manual_seed inside the compiled function (a torch function the rule book skips) -- test_misc.py manual_seed in compiled region."""
import torch

@torch.compile
def f(x):
    x = x + 1
    torch.manual_seed(3)
    return x * torch.rand(3)

f(torch.ones(3))
f(torch.ones(3))
