"""recomp: a global array.array (stdlib, mutable) element is read as a scale and changed in place between calls -- test_misc.py test_array_module_global."""
import array
import torch

ARR = array.array("d", [2.0, 1.0])


@torch.compile(backend="eager")
def f(x):
    return x * ARR[0] + ARR[1]


x = torch.ones(2)
print(f(x).tolist())
ARR[0] = 7.0
print(f(x).tolist())
