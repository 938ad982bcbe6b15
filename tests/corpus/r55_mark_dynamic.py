# --dynamic=off with --mark-dynamic x:0: only the marked dimension becomes
# dynamic; a change of the other dimension is a new static entry.
# dynx-args: --dynamic=off --mark-dynamic x:0
# expect-entries: 3
# expect-hits: 1
# expect-dynamic: automatic dynamic size L['x'] size(0) 8 != 4
# expect-reason: 0/1: tensor 'x' size mismatch at index 1. expected 3, actual 5
import torch


@torch.compile
def f(x):
    return torch.nn.functional.layer_norm(x, x.shape[1:])


f(torch.randn(4, 3))
f(torch.randn(8, 3))
f(torch.randn(16, 3))
f(torch.randn(16, 5))
