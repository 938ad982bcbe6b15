"""dyn: maybe_mark_dynamic on two inputs of equal size that are multiplied: one symbol for both (duck sizing), a new size of both is a hit -- test_dynamic_shapes / test_misc.py test_mark_dynamic duck sizing."""
import torch
import torch._dynamo

@torch.compile
def f(y, d):
    y = torch.sin(y)
    return y * d[0]

a, b = torch.ones(2), torch.ones(2)
torch._dynamo.maybe_mark_dynamic(a, 0)
torch._dynamo.maybe_mark_dynamic(b, 0)
f(a, {0: b})
f(torch.ones(3), {0: torch.ones(3)})
f(torch.ones(5), {0: torch.ones(5)})
