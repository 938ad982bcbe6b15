"""sidefx: the compiled function reads the tensor it stored in a global dict on the previous call (STATE.get("prev")) and stores a new one; the dict is cleared from outside and the stored tensor edited in place between calls -- test_misc.py global dict side effects carried across calls."""
import torch

STATE = {}


@torch.compile
def f(x):
    prev = STATE.get("prev")
    y = x * 2 if prev is None else x + prev
    STATE["prev"] = y
    return y


x = torch.ones(2)
print(f(x).tolist())
print(f(x).tolist())
print(f(x).tolist())
STATE["prev"].mul_(-1)
print(f(x).tolist())
STATE.clear()
print(f(x).tolist())
