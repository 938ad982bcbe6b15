"""nested: a graph break inside a function run under torch.utils.checkpoint -- test_higher_order_ops / test_activation_checkpointing checkpoint with graph break."""
import torch
import torch._dynamo
import torch.utils.checkpoint

def block(x):
    y = x.sin()
    torch._dynamo.graph_break()
    return y.cos()

@torch.compile
def f(x):
    x = x * 2
    y = torch.utils.checkpoint.checkpoint(block, x, use_reentrant=False)
    return y + 1

f(torch.ones(3, requires_grad=True)).sum().backward()
