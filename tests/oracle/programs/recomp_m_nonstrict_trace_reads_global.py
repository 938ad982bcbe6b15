"""recomp: a torch._dynamo.nonstrict_trace helper reads a global int that changes between calls -- test_decorators.py test_nonstrict_trace_pre_existing_dict."""
import torch
import torch._dynamo

REPEAT = 2


@torch._dynamo.nonstrict_trace
def helper(x):
    for _ in range(REPEAT):
        x = x * 2
    return x


@torch.compile(backend="eager")
def f(x):
    return helper(x + 1) + 1


x = torch.arange(3.0)
print(round(f(x).sum().item(), 3))
print(round(f(x).sum().item(), 3))
REPEAT = 4
print(round(f(x).sum().item(), 3))
