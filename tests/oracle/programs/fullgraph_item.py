"""fullgraph: .item() with fullgraph=True is an error -- test_error_messages.py fullgraph Unsupported."""
import torch

@torch.compile(fullgraph=True)
def f(x):
    return x * x.sum().item()

try:
    f(torch.ones(3))
except Exception as e:
    print("error:", type(e).__name__)
