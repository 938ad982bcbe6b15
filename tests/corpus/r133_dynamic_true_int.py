# torch.compile(dynamic=True) with an int argument that changes with the
# input's size: the int is symbolic from the first compile, as the sizes
# are, so the three calls share one entry (measured against torch 2.13: 1
# graph, no recompile; an int the frame passes to range() would stay
# specialised).
# expect-graphs: 1
# expect-breaks: none
# expect-entries: 1
# expect-hits: 2
# expect-dynamic: dynamic int i = 10: torch.compile(dynamic=True)
import torch


@torch.compile(backend="eager", dynamic=True)
def f(x, i):
    y = x * i
    return y + 1


for n in (2, 3, 4):
    print(f(torch.ones(n), n + 8).tolist())
