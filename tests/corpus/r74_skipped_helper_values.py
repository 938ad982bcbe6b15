# A called function Dynamo skips (a break in one of its loops) runs eagerly:
# what it computes from a graph's output is made between graphs, so the graph
# after it reads it as an input -- never as a constant baked from the first
# call -- and the caller's graph before the call stays whole although the
# function broke before recording anything of its own. Checked with the real
# Dynamo of torch 2.13: 2 graphs, helper skipped, later calls hit. Run under
# --verify: every hit replays the graphs on its own inputs.
# expect-graphs: 2
# expect-ops: 1 1
# expect-entries: 1
# expect-hits: 2
import torch
import torch._dynamo


def helper(x):
    for _ in range(2):
        torch._dynamo.graph_break()
        x = x + 1
    return x


@torch.compile
def f(x):
    return helper(x * 2) * 3


for v in (1.0, 2.0, 3.0):
    f(torch.full((3,), v))
