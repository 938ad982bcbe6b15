# A function passed in is guarded as Dynamo guards it: its code by identity
# and its closure cells by value, so a fresh lambda over a new value misses
# (it would otherwise replay the first call's constant); the int in the cell
# then becomes dynamic (automatic dynamic), and the later values are settled
# hits of that entry, replayed with their own value (--verify).
# expect-entries: 2
# expect-hits: 2
# expect-dynamic: automatic dynamic int g.__closure__[0].cell_contents val 1 != 0
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
