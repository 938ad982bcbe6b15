"""dyn: mark_dynamic on dim 0 up front -- test_misc.py test_mark_dynamic."""
import torch
import torch._dynamo

@torch.compile
def f(x):
    return x.sum(0)

a = torch.ones(4, 3)
torch._dynamo.mark_dynamic(a, 0)
f(a)
b = torch.ones(7, 3)
torch._dynamo.mark_dynamic(b, 0)
f(b)
