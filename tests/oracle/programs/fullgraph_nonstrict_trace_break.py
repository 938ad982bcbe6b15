"""fullgraph: a helper marked @torch._dynamo.nonstrict_trace contains a graph_break, yet fullgraph=True compiles -- test_decorators.py test_nonstrict_trace_tensor_args."""
import torch
import torch._dynamo

@torch._dynamo.nonstrict_trace
def combine(x, y, z):
    torch._dynamo.graph_break()
    return x * y + z

@torch.compile(fullgraph=True)
def f(x, y):
    t0 = x + 1
    t1 = combine(x, y, t0)
    return t0 * (t1 + y)

torch.manual_seed(0)
x, y = torch.randn(5), torch.randn(5)
f(x, y)
f(x, y)
