# A function that breaks, called twice from the compiled frame: Dynamo compiles
# it as a frame of its own, so the second call is a hit of that frame's cache
# entry, not another graph (test_misc.py repeated helper graph break; 2 graphs
# under the real Dynamo of torch 2.13). dynx lists the rerun graph in the
# entry's "repeats" and counts it once.
# expect-graphs: 2
# expect-ops: 1 1
# expect-breaks: explicit@15 explicit@15
# expect-entries: 1
import torch
import torch._dynamo


def noisy(x):
    torch._dynamo.graph_break()
    return x + 1


@torch.compile
def f(x):
    x = noisy(x)
    x = x * 2
    x = noisy(x)
    return x


f(torch.ones(3))
