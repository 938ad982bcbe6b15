"""sidefx: a global int is incremented before a print break and read after it (resume sees the new value)."""
import torch

STEP = 0


@torch.compile(backend="eager")
def f(x):
    global STEP
    STEP += 1
    print("step")
    return x * STEP


for _ in range(3):
    print(f(torch.ones(2)))
