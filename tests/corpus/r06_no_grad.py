# Grad mode is global state, reported by name.
# expect-entries: 2
# expect-reason: 0/0: GLOBAL_STATE changed: grad_mode
import torch

@torch.compile
def f(x):
    return x.exp()

f(torch.ones(2))
with torch.no_grad():
    f(torch.ones(2))
