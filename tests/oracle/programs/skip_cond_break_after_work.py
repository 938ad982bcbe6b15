"""skip: an explicit graph break taken only for one int value, after some tensor work -- test_skip_non_tensor.py test_condition_dependent_graph_break_after_call_does_not_poison_code."""
import torch


@torch.compile(dynamic=False)
def f(x, n):
    y = x + 10
    if n == 0:
        torch._dynamo.graph_break()
    return y + 1


x = torch.ones(3)
print(f(x, 0))
print(f(x, 1))
print(f(x, 0))
print(f(x, 1))
