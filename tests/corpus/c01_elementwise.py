# One graph, no break: three elementwise operators.
# expect-graphs: 1
# expect-ops: 3
# expect-breaks: none
import torch

@torch.compile
def f(x):
    return (x + 1).sin() * 2

f(torch.randn(4))
