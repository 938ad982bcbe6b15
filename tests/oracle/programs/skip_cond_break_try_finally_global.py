"""skip: a global flag decides whether a graph break inside try/finally is reached -- test_skip_non_tensor.py test_condition_dependent_skip_with_global_guard."""
import torch

DEBUG_SYNC = True


@torch.compile(dynamic=False)
def forward_block(x):
    if DEBUG_SYNC:
        try:
            torch._dynamo.graph_break()
        finally:
            pass
    if torch.compiler.is_compiling():
        return x * 2
    return x * 3


x = torch.ones(4)
print(forward_block(x))
DEBUG_SYNC = False
print(forward_block(x))
print(forward_block(x))
DEBUG_SYNC = True
print(forward_block(x))
