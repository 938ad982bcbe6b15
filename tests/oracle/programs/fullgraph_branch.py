"""fullgraph: data-dependent branch with fullgraph=True -- test_error_messages.py test_data_dependent_branching_fullgraph."""
import torch

@torch.compile(fullgraph=True)
def f(x):
    if x.sum() > 0:
        return x + 1
    return x - 1

try:
    f(torch.ones(3))
except Exception as e:
    print("error:", type(e).__name__)
