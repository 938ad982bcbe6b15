"""dyn: torch.compile(dynamic=True) with an int argument that changes with the input's size: the int is symbolic from the first compile, as the sizes are, so the three calls share one graph -- test_dynamic_shapes / test_misc.py dynamic=True with Python ints."""
import torch


@torch.compile(backend="eager", dynamic=True)
def f(x, i):
    y = x * i
    return y + 1


for n in (2, 3, 4):
    print(f(torch.ones(n), n + 8).tolist())
