"""recomp: two items of a global array.array read on two lines, the first changed in place between calls: each read breaks (gb4880, missing_mp_subscript) and only the resume function after the changed item compiles again (___stack1 == 2.0); the one after the other item is a hit -- test_misc.py sequence types other than list."""
import array

import torch

ARR = array.array("d", [2.0, 1.0])


@torch.compile(backend="eager")
def f(x):
    y = x * ARR[0]
    return y + ARR[1]


x = torch.ones(2)
print(f(x).tolist())
ARR[0] = 7.0
print(f(x).tolist())
