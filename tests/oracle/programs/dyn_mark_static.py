"""dyn: mark_static keeps a dim static under automatic dynamic -- test_misc.py test_mark_static."""
import torch
import torch._dynamo

@torch.compile
def f(x):
    return x + 1

for n in (2, 3, 4):
    t = torch.ones(n)
    torch._dynamo.mark_static(t, 0)
    f(t)
