"""dyn: maybe_mark_dynamic -- test_misc.py test_maybe_mark_dynamic."""
import torch
import torch._dynamo

@torch.compile
def f(x):
    return x * x

for n in (3, 5):
    t = torch.ones(n, 2)
    torch._dynamo.maybe_mark_dynamic(t, 0)
    f(t)
