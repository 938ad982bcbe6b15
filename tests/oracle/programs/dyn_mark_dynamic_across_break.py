"""dyn: x.size() taken before a graph break and used after it (torch.ones(shape)), on inputs marked dynamic on dim 0 with sizes 20, 30, 7, then an unmarked size -- test_unspec.py test_shape_graph_break / test_propagate_dynamic_dim."""
import torch
import torch._dynamo

@torch.compile
def f(x):
    shape = x.size()
    y = x * 2
    torch._dynamo.graph_break()
    return y + torch.ones(shape)

for n in (20, 30, 7):
    x = torch.ones(n)
    torch._dynamo.mark_dynamic(x, 0)
    f(x)
f(torch.ones(9))
