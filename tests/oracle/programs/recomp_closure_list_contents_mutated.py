"""recomp: a compiled closure reads ints from a list captured in its cell; the outer code mutates the list contents (not the cell) between calls -- test_functions.py closure tests."""
import torch


def make():
    cfg = [2, 1]

    @torch.compile
    def step(x):
        return x * cfg[0] + cfg[1]

    return step, cfg


step, cfg = make()
x = torch.ones(2)
print(step(x).sum().item())
cfg[0] = 5
print(step(x).sum().item())
cfg[1] = 7
print(step(x).sum().item())
print(step(x).sum().item())
