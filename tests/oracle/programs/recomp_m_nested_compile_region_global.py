"""recomp: a torch.compiler.nested_compile_region function reading a global int is called twice per frame; the global changes between calls -- test_higher_order_ops.py invoke_subgraph (test_invoke_subgraph.py)."""
import torch

W = 2


@torch.compiler.nested_compile_region
def block(x):
    return (x * W).sin()


@torch.compile(backend="eager")
def f(x):
    return block(block(x) + 1)


x = torch.arange(3.0)
print(round(f(x).sum().item(), 4))
W = 3
print(round(f(x).sum().item(), 4))
print(round(f(x).sum().item(), 4))
