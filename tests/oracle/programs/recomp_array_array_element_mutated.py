"""recomp: an array.array('d') global's element is read inside the compiled function and mutated in place between calls -- test_misc.py / test_list.py (sequence types other than list)."""
import array
import torch

COEF = array.array("d", [2.0, 3.0])


@torch.compile(backend="eager")
def f(x):
    return x * COEF[0] + COEF[1]


x = torch.arange(3.0)
print(f(x).sum().item())
print(f(x).sum().item())
COEF[0] = 7.0
print(f(x).sum().item())
