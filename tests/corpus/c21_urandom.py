# os.urandom reads the OS entropy pool.
# expect-graphs: 2
# expect-ops: 1 1
# expect-breaks: nondeterministic-source@11
import os
import torch

@torch.compile
def f(x):
    y = x * x
    salt = os.urandom(4)
    return y + len(salt)

f(torch.ones(2))
