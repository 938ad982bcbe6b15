# Size 1 stays specialised: it misses the dynamic entry (whose range starts
# at 2) and gets a static entry of its own; 16 then hits the dynamic one.
# expect-entries: 3
# expect-hits: 1
# expect-reason: 0/1: 2 <= x.size()[0]
import torch


@torch.compile
def f(x):
    return x.softmax(-1) * x.shape[0]


for n in (4, 8, 1, 16):
    f(torch.randn(n, 3))
