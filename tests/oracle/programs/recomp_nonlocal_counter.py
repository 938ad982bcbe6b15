"""recomp: a compiled closure bumps a nonlocal int each call -- test_misc.py nonlocal mutation."""
import torch

def make():
    count = 0

    @torch.compile
    def step(x):
        nonlocal count
        count += 1
        return x * count
    return step

step = make()
for _ in range(4):
    step(torch.ones(2))
