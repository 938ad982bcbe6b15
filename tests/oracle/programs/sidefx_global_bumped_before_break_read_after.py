"""sidefx: an inlined helper bumps a global counter, a print breaks the graph, and the code after the break reads the global again -- test_functions.py global mutation across a graph break."""
import torch

STEP = 0


def bump():
    global STEP
    STEP += 1
    return STEP


@torch.compile
def fn(x):
    a = x * bump()
    print("step", STEP)
    return a + STEP


x = torch.ones(2)
for _ in range(3):
    print(fn(x).sum().item())
