# A Python comparison on a size that became dynamic (measured against torch
# 2.13's Dynamo, test_dynamic_shapes.py shape guards): sizes 2 then 3 make
# dim 0 dynamic, and `x.shape[0] > 3` was false at both, so the entry holds
# for 2 <= size <= 3 (Dynamo's guard, and dynx's recompile reason when size 5
# takes the other way); the entry for size 5 is dynamic from the start (the
# dimension stays dynamic in later compiles of the frame) and size 6 hits
# it. Under torch.compile(dynamic=True) `x.shape[0] > 4` splits the sizes
# the same way. Every hit is recorded again and compared (--verify: 0 unsound).
# expect-graphs: 5
# expect-entries: 5
# expect-reason: 0/1: 2 <= x.size()[0] <= 3
# expect-reason: 1/0: 2 <= x.size()[0] <= 4
# expect-hits: 4
import torch


@torch.compile
def f(x):
    if x.shape[0] > 3:
        return x.sum()
    return x * 2


@torch.compile(dynamic=True)
def g(x):
    if x.shape[0] > 4:
        return x[:4] * 2
    return x + 1


for n in (2, 3, 5, 6, 2):
    print(f(torch.ones(n)).shape)
for n in (3, 2, 8, 10):
    print(g(torch.ones(n)).shape)
