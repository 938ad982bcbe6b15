# An argument that made a dynamic entry is later None: the verbose path must
# word the refusal (it reads the symbol's size only from a tensor).
# expect-entries: 3
# expect-hits: 1
# expect-reason: 0/1: expected type of 'x' to be a tensor type, but found <class 'NoneType'>
import torch


@torch.compile
def f(x):
    return torch.zeros(1) if x is None else x * 2


f(torch.ones(4))
f(torch.ones(8))
f(torch.ones(16))
f(None)
