"""skip: a graph break inside try/finally taken only when an int argument is 0 -- test_skip_non_tensor.py test_condition_dependent_graph_break_skip_does_not_poison_code."""
import torch


def step(x, n):
    if n == 0:
        try:
            torch._dynamo.graph_break()
        finally:
            pass
    if torch.compiler.is_compiling():
        return x + 1
    return x - 1


opt = torch.compile(step, dynamic=False)
x = torch.ones(3)
print(opt(x, 0))
print(opt(x, 0))
print(opt(x, 1))
print(opt(x, 0))
print(opt(x, 2))
