# A data-dependent branch taken both ways: the guards checked when the call
# starts cannot tell the two paths apart, so a call they accept is recorded
# again and settled: the second call (the other branch) is a new entry, the
# third (the first branch again) a hit of entry 0/0, and no entry replays a
# path it did not take (Dynamo: one graph before the branch, and a resume
# function per branch).
# expect-entries: 2
# expect-hits: 1
# expect-graphs: 4
# expect-ops: 2 1 2 1
# expect-breaks: data-dependent-branch@18 data-dependent-branch@18
# expect-reason: 0/0: after the graph break at c47_branch_both_ways.py:18 (data-dependent branching) the call computed something else than entry 0/0: graph 0/0/1.nodes[0].name: expected 'sin', got 'cos'
import torch


@torch.compile
def f(y):
    if y.sum() > 0:
        return y.sin()
    return y.cos()


f(torch.ones(4))
f(-torch.ones(4))
f(torch.ones(4))
