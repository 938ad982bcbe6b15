"""cfunc: torch.jit.isinstance with a typing generic in a branch -- test_repros.py test_graph_break_on_jit_isinstance."""
import typing
import torch

@torch.compile
def f(x):
    x = x + 1
    if torch.jit.isinstance(x, typing.List[str]):
        return x * 2
    return x - 1

f(torch.rand(4))
f(torch.rand(4))
