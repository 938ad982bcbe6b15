# Operators under torch.no_grad() are marked so a replay runs them the same way.
# expect-graphs: 1
# expect-ops: 4
# expect-breaks: none
import torch

@torch.compile
def f(w, x):
    with torch.no_grad():
        scale = w.abs().max()
    return w * x / scale

f(torch.randn(3, requires_grad=True), torch.ones(3))
