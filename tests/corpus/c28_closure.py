# A closure's captured tensor is a constant of the graph.
# expect-graphs: 1
# expect-ops: 2
# expect-breaks: none
import torch

def make(scale):
    bias = torch.full((2,), 0.5)

    @torch.compile
    def f(x):
        return x * scale + bias
    return f

make(3.0)(torch.ones(2))
