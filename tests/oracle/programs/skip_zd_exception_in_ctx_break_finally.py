"""skip: a try/finally in the compiled frame whose body calls .tolist() (break inside a try block) -- test_exceptions.py break in try."""
import torch

STATE = {"open": 0}


@torch.compile(backend="eager")
def f(x):
    STATE["open"] += 1
    y = x * 2
    try:
        vals = y.tolist()
    finally:
        STATE["open"] -= 1
    return y + len(vals)


print(f(torch.ones(3)))
print(f(torch.ones(3)))
print(STATE)
