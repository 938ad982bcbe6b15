"""fullgraph: an explicit break in a helper with fullgraph=True -- test_exc.py test_unsupported_real_stack."""
import torch
import torch._dynamo

def fn2(x):
    torch._dynamo.graph_break()

def fn1(x):
    x = x + 1
    fn2(x)
    return x

try:
    torch.compile(fn1, fullgraph=True)(torch.ones(1))
except Exception as e:
    print("error:", type(e).__name__)
