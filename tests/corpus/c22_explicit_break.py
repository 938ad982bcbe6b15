# torch._dynamo.graph_break() asks for a break.
# expect-graphs: 2
# expect-ops: 1 1
# expect-breaks: explicit@11
import torch
import torch._dynamo

@torch.compile
def f(x):
    y = x.sin()
    torch._dynamo.graph_break()
    return y.cos()

f(torch.ones(2))
