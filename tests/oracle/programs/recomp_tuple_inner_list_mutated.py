"""recomp: a global tuple holds a list of floats and a float; the inner list's element is mutated in place between calls (the tuple itself is unchanged) -- test_tuple.py / test_list.py nested containers."""
import torch

PARAMS = ([2.0, 3.0], 1.0)


@torch.compile(backend="eager")
def f(x):
    return x * PARAMS[0][1] + PARAMS[1]


x = torch.arange(3.0)
print(f(x).sum().item())
print(f(x).sum().item())
PARAMS[0][1] = 5.0
print(f(x).sum().item())
PARAMS[0].insert(0, 9.0)
print(f(x).sum().item())
