"""recomp: the compiled function calls the builtin max on python ints; the program later defines a module global named max that shadows it -- test_global.py test_builtin_shadowed."""
import builtins

import torch


@torch.compile(backend="eager")
def f(x, a, b):
    return (x * max(a, b)).sum()


torch.manual_seed(0)
x = torch.randn(4)
print(round(f(x, 2, 3).item(), 4))
max = lambda a, b: a  # noqa: E731
print(round(f(x, 2, 3).item(), 4))
del max
print(round(f(x, 2, 3).item(), 4))
print(builtins.max(1, 2))
