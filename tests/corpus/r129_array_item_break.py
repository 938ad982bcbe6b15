# Two items of a global array.array, read on two lines, the first changed in
# place between calls: each read is a break (gb4880, Dynamo has no subscript
# for an array), the code after each specialised on the item it gave. Only
# the resume function after the changed item compiles again; the one after
# the other item is a hit (its graph is not compiled again). Measured
# against torch 2.13: 3 graphs, 1 recompile, `___stack1 == 2.0`.
# expect-graphs: 3
# expect-breaks: missing-mp-subscript@21 missing-mp-subscript@22 missing-mp-subscript@21 missing-mp-subscript@22
# expect-entries: 2
# expect-reason: 0/0: ___stack1 == 2.0  # the value of array.__getitem__ at r129_array_item_break.py:21 (missing_mp_subscript) the code after it was specialised on; this call's is 7.0
# expect-hits: 1
import array

import torch

ARR = array.array("d", [2.0, 1.0])


@torch.compile(backend="eager")
def f(x):
    y = x * ARR[0]
    return y + ARR[1]


x = torch.ones(2)
print(f(x).tolist())
print(f(x).tolist())
ARR[0] = 7.0
print(f(x).tolist())
