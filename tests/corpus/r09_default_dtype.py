# The default dtype is global state.
# expect-entries: 2
# expect-reason: 0/0: GLOBAL_STATE changed: default_dtype
import torch

@torch.compile
def f(x):
    return x + torch.ones(2)

f(torch.ones(2, dtype=torch.float64))
torch.set_default_dtype(torch.float64)
f(torch.ones(2, dtype=torch.float64))
torch.set_default_dtype(torch.float32)
