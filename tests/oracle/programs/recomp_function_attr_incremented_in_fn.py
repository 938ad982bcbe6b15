"""recomp: a helper's own function attribute (helper.calls) is incremented inside the helper, called from the compiled function; the count scales the output -- test_funcattrs.py / test_functions.py function attributes."""
import torch


def helper(x):
    helper.calls += 1
    return x * helper.calls


helper.calls = 0


@torch.compile(backend="eager")
def f(x):
    return helper(x).sum()


x = torch.ones(2)
for _ in range(3):
    print(f(x).item(), helper.calls)
