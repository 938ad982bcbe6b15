"""dyn: mark_dynamic(x, 0, min=2, max=16) then batches inside the range share one graph -- test_misc.py test_mark_dynamic_with_ranges."""
import torch
import torch._dynamo

@torch.compile
def f(x):
    return x.softmax(-1) * x.shape[0]

for n in (4, 8, 5):
    x = torch.ones(n, 3)
    torch._dynamo.mark_dynamic(x, 0, min=2, max=16)
    f(x)
