# A data-dependent branch taken both ways: the guards checked when the call
# starts cannot tell the two paths apart, so a call they accept is recorded
# again and settled: the second call (the other branch) is a new resume entry
# sharing the graph before the branch (Dynamo: one graph before the branch, and
# a resume function per branch, each a first compile, not a recompile), the
# third (the first branch again) a hit of entry 0/0, and no entry replays a
# path it did not take.
# expect-entries: 2
# expect-hits: 1
# expect-graphs: 3
# expect-ops: 2 1 1
# expect-breaks: data-dependent-branch@18
import torch


@torch.compile
def f(y):
    if y.sum() > 0:
        return y.sin()
    return y.cos()


f(torch.ones(4))
f(-torch.ones(4))
f(torch.ones(4))
