"""sidefx: a closure increments a nonlocal counter, with a print graph break between two calls -- test_misc.py nonlocal mutation across break."""
import torch


def make():
    count = 0

    @torch.compile(backend="eager")
    def step(x):
        nonlocal count
        count += 1
        print("step")
        return x * count

    return step


step = make()
print(step(torch.ones(2)))
print(step(torch.ones(2)))
