# A float argument and a closure cell of a function passed in: both become
# dynamic after they change (specialize_float=False in torch 2.13).
# expect-entries: 4
# expect-reason: 0/0: scale == 0.5
# expect-reason: 1/0: g.__closure__[0].cell_contents == 1
# expect-dynamic: automatic dynamic float scale val 1.5 != 0.5
# expect-dynamic: automatic dynamic int g.__closure__[0].cell_contents val 2 != 1
# expect-hits: 4
import torch

@torch.compile
def f(x, scale):
    return x * scale + 1

def make(k):
    return lambda y: y * k

@torch.compile
def h(x, g):
    return g(x) - 1

x = torch.ones(3)
for s in (0.5, 1.5, 2.5, 3.5):
    f(x, s)
for k in (1, 2, 3, 4):
    h(x, make(k))
