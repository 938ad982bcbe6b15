# A function passed in is guarded as Dynamo guards it: its code by identity
# and its closure cells by value, so a fresh lambda over a new value misses
# (it would otherwise replay the first call's constant).
# expect-entries: 3
# expect-hits: 1
# expect-reason: 0/0: g.__closure__[0].cell_contents == 0
import torch


def make(k):
    return lambda y: y + k


@torch.compile
def h(x, g):
    return g(x) * 2


x = torch.ones(3)
for i in (0, 1, 2, 0):
    h(x, make(i))
