# Two inputs whose first sizes change together share one symbol; a call
# where they differ fails the equality between them.
# expect-entries: 3
# expect-hits: 1
# expect-dynamic: automatic dynamic size L['x'] size(0) 8 != 4
# expect-reason: 0/1: y.size()[0] == x.size()[0]
import torch


@torch.compile
def f(x, y):
    return x.sum(1) + y


f(torch.ones(4, 3), torch.ones(4))
f(torch.ones(8, 3), torch.ones(8))
f(torch.ones(16, 3), torch.ones(16))
f(torch.ones(16, 3), torch.ones(1))
