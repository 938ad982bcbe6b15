# Turning deterministic algorithms on is global state.
# expect-entries: 2
# expect-reason: 0/0: GLOBAL_STATE changed: deterministic_algorithms
import torch

@torch.compile
def f(x):
    return x.cumsum(0)

f(torch.ones(5))
torch.use_deterministic_algorithms(True)
f(torch.ones(5))
torch.use_deterministic_algorithms(False)
