"""nested: a plain (non-module) helper object's method with a graph break, object passed in -- test_misc.py user-defined object method calls / test_repros.py."""
import torch
import torch._dynamo

class Normalizer:
    def __init__(self, eps):
        self.eps = eps

    def __call__(self, x):
        m = x.mean()
        torch._dynamo.graph_break()
        return (x - m) / (x.std() + self.eps)

@torch.compile
def f(x, norm):
    return norm(x * 2).sum()

n = Normalizer(1e-5)
f(torch.arange(4.0), n)
f(torch.arange(4.0), n)
