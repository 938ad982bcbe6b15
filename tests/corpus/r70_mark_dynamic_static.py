# torch._dynamo.mark_dynamic: the first entry is dynamic in that dimension (no
# recompile for a new batch); mark_static: that dimension never becomes dynamic.
# expect-entries: 4
# expect-graphs: 4
# expect-dynamic: dynamic size L['x'] size(0) = 4: marked dynamic
# expect-hits: 2
import torch
import torch._dynamo

@torch.compile
def f(x):
    return x.sum(0) * 2

@torch.compile
def g(x):
    return x + 1

for n in (4, 7, 9):
    a = torch.ones(n, 3)
    torch._dynamo.mark_dynamic(a, 0)
    f(a)
for n in (2, 3, 4):
    t = torch.ones(n)
    torch._dynamo.mark_static(t, 0)
    g(t)
