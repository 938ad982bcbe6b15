"""dyn: mark_static_address(guard=True) on an input; a different tensor of the same shape recompiles -- test_decorators.py test_mark_static_address_guarded."""
import torch
import torch._dynamo

@torch.compile
def f(x):
    return x + 1

inp = torch.ones(2)
torch._dynamo.mark_static_address(inp, guard=True)
f(inp)
f(inp)
f(torch.ones(2))
