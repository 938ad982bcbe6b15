"""recomp: many small int values in a loop -- test_recompile_ux.py test_loop_torture."""
import torch

@torch.compile
def f(x, i):
    return x + i

x = torch.zeros(2)
for i in range(10):
    x = f(x, i)
