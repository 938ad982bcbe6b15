# A loss read with .item(), printed, and used after the print, on a new batch
# each call (the classic logged loss): the resume function after .item()
# compiles again once for the new value (___stack0), and so does the one
# after the print, which takes the value as the local `l` and reads it
# (`l == ...`); then both take any float (automatic dynamic), so the last
# two calls are hits. Measured against torch 2.13: 5 graphs, 2 recompiles.
# expect-graphs: 5
# expect-breaks: tensor-to-python@20 side-effect@22 side-effect@22
# expect-entries: 2
# expect-hits: 2
# expect-resume-reason: l == -1.8624444007873535
import torch

torch.manual_seed(0)


@torch.compile(backend="eager")
def step(x):
    loss = (x * 2).sum()
    l = loss.item()
    y = x.cos()
    print("loss", round(l, 3))
    z = y * l
    return z


for i in range(4):
    step(torch.randn(3))
