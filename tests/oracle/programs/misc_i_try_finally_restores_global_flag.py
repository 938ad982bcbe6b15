"""misc: the frame sets a global mode flag in try, a nested call raises for some inputs, finally restores the flag; the caller catches outside -- test_exceptions.py test_raise_in_nested_call with try/finally."""
import torch

MODE = "idle"


def step(x, n):
    if MODE == "busy":
        x = x * 2
    if n < 0:
        raise ValueError("negative")
    return x + n


@torch.compile
def f(x, n):
    global MODE
    MODE = "busy"
    try:
        return step(x, n)
    finally:
        MODE = "idle"


x = torch.ones(3)
print(round(f(x, 1).sum().item(), 4), MODE)
try:
    f(x, -1)
except ValueError as e:
    print("caught", e, MODE)
print(round(f(x, 2).sum().item(), 4), MODE)
