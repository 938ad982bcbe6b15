# torch._dynamo.reset() between calls (as test suites and notebooks call it):
# Dynamo drops every cache entry and what automatic dynamic had learnt, so
# the next call is a first compile again (no recompile), static, and the
# next new size recompiles to a dynamic entry once more. Measured under
# torch 2.13's Dynamo: 4 graphs, 2 recompiles, both on the size.
# expect-graphs: 4
# expect-breaks: none
# expect-entries: 4
# expect-hits: 2
# expect-reason: 0/0: tensor 'x' size mismatch at index 0. expected 2, actual 3
# expect-reason: 0/2: tensor 'x' size mismatch at index 0. expected 4, actual 5
import torch
import torch._dynamo


@torch.compile
def f(x):
    return x.cos() * 2


for n in (2, 3, 4):
    f(torch.ones(n))
torch._dynamo.reset()
for n in (4, 5, 6):
    f(torch.ones(n))
