# A closure variable the frame reads is guarded like an argument.
# expect-entries: 2
# expect-reason: 0/0: scale == 2.0
import torch

def make(scale):
    @torch.compile
    def f(x):
        return x * scale
    return f

make(2.0)(torch.ones(2))
make(3.0)(torch.ones(2))
