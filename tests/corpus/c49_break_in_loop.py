# A graph break inside a for loop of the compiled function: Dynamo gives up on
# the whole frame (gb7000 "graph break in loop"), so it compiles nothing and
# later calls run uncompiled; dynx reports the break, no graphs, and runs the
# second call unrecorded (no hit, no new entry).
# expect-graphs: 0
# expect-entries: 1
# expect-hits: 0
# expect-breaks: side-effect@16
import torch


@torch.compile
def f(x):
    for i in range(3):
        x = x + i
        print("step", i)
    return x


f(torch.ones(2))
f(torch.ones(2))
