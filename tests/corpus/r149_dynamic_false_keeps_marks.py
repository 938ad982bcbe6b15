# torch.compile(dynamic=False) turns automatic dynamic off but still honours
# the program's own mark_dynamic: one dynamic entry serves lengths 3, 5, 7
# (torch 2.13: 1 graph, no recompile).
# expect-graphs: 1
# expect-entries: 1
# expect-hits: 2
import torch


def double(x):
    return x * 2 + 1


opt = torch.compile(double, backend="eager", dynamic=False)
for n in [3, 5, 7]:
    t = torch.ones(n)
    torch._dynamo.mark_dynamic(t, 0)
    print(opt(t).shape)
