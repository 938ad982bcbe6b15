"""recomp: a torch._dynamo.allow_in_graph function that reads a module global float, global changed between calls -- test_trace_rules.py / test_decorators.py test_allow_in_graph."""
import torch
import torch._dynamo

GAIN = 2.0


@torch._dynamo.allow_in_graph
def scaled(x):
    return x * GAIN


@torch.compile(backend="eager")
def f(x):
    return scaled(x + 1) - 1


x = torch.arange(3.0)
print(round(f(x).sum().item(), 3))
GAIN = 3.0
print(round(f(x).sum().item(), 3))
GAIN = 0.5
print(round(f(x).sum().item(), 3))
