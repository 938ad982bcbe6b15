"""misc: torch.compiler.is_compiling() picks the compiled path -- test_misc.py test_is_compiling."""
import torch

@torch.compile
def f(x):
    if torch.compiler.is_compiling():
        return x + 1
    print("eager path")
    return x - 1

f(torch.ones(3))
