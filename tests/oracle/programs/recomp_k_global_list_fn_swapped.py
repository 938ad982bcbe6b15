"""recomp: a global list of activation functions is applied in order; one element is replaced by another function between calls, then the list is extended -- test_guard_serialization.py FUNCTION_MATCH / CLOSURE_MATCH on functions read from a global container."""
import torch

ACTS = [torch.relu, torch.tanh]


@torch.compile
def fn(x):
    for f in ACTS:
        x = f(x)
    return x


x = torch.tensor([-1.0, 0.5, 2.0])
print(round(fn(x).sum().item(), 4))
ACTS[0] = torch.abs
print(round(fn(x).sum().item(), 4))
ACTS.append(lambda t: t * 3)
print(round(fn(x).sum().item(), 4))
