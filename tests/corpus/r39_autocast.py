# The same call inside torch.autocast.
# expect-entries: 2
# expect-reason: 0/0: GLOBAL_STATE changed: autocast(cpu)_enabled
import torch
@torch.compile
def f(x):
    return x @ x
f(torch.ones(4, 4)).dtype
with torch.autocast("cpu", dtype=torch.bfloat16):
    print(f(torch.ones(4, 4)).dtype)
