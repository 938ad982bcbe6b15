"""recomp: a helper's mutable default list is appended to by the helper itself, called from the compiled function; its length scales the output -- test_functions.py test_default_mutable / test_funcattrs.py."""
import torch


def helper(x, acc=[]):
    acc.append(1.0)
    return x * sum(acc)


@torch.compile(backend="eager")
def f(x):
    return helper(x.cos())


x = torch.zeros(2)
for _ in range(3):
    print(f(x).sum().item())
