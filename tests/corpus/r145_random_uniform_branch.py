# random.uniform(0, 1) drawn in the frame: Dynamo calls it when the
# compiled code runs and hands the graph the number as an input, so the
# comparison with it is a data-dependent branch (a break), the code after
# it compiled once per side (torch 2.13: 3 graphs over four calls, no
# recompile).
# expect-graphs: 3
# expect-entries: 2
import random

import torch

random.seed(0)


@torch.compile(backend="eager")
def f(x):
    y = x * 2
    p = random.uniform(0, 1)
    if p > 0.5:
        return y + 1
    return y - 1


for _ in range(4):
    print(f(torch.ones(2)))
