"""cfunc: copy.deepcopy of a list of Python ints inside the compiled frame."""
import copy
import torch


@torch.compile(backend="eager")
def f(x, sizes):
    s = copy.deepcopy(sizes)
    s.append(1)
    return x * len(s)


print(f(torch.ones(2), [1, 2]))
print(f(torch.ones(2), [1, 2]))
