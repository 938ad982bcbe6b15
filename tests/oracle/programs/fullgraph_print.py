"""fullgraph: print with fullgraph=True -- test_error_messages.py test_unsupported_builtin fullgraph."""
import torch

@torch.compile(fullgraph=True)
def f(x):
    print("hello")
    return x + 1

try:
    f(torch.ones(3))
except Exception as e:
    print("error:", type(e).__name__)
