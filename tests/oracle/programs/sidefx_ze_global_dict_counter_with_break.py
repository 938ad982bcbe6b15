"""sidefx: a global dict counter updated before and after a print graph break in the frame."""
import torch

STATS = {"pre": 0, "post": 0}


@torch.compile(backend="eager")
def f(x):
    STATS["pre"] += 1
    y = x * STATS["pre"]
    print("mid")
    STATS["post"] += 2
    return y + STATS["post"]


for _ in range(3):
    print(f(torch.ones(2)))
print(STATS)
