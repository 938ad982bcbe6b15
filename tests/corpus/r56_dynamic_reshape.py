# A sequence length that changes, reshaped with the batch folded in: the
# reshape target becomes 2*s0 and the strides follow.
# expect-entries: 2
# expect-hits: 2
# expect-dynamic: automatic dynamic size L['x'] size(1) 16 != 8
import torch


@torch.compile
def f(x, w):
    return (x.reshape(-1, x.shape[-1]) @ w).view(x.shape[0], x.shape[1], -1).mean(1)


w = torch.randn(8, 4)
for t in (8, 16, 5, 32):
    f(torch.randn(2, t, 8), w)
