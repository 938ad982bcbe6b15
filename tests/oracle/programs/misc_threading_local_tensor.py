"""misc: a threading.local attribute holding a tensor is read inside the frame and replaced between calls -- _repros_part1.py test_threading_local."""
import threading

import torch

state = threading.local()
state.bias = torch.ones(1)


@torch.compile
def f(x):
    return torch.cat([x, state.bias])


print(f(torch.zeros(2)))
state.bias = torch.full((1,), 5.0)
print(f(torch.zeros(2)))
state.bias = torch.full((3,), 7.0)
print(f(torch.zeros(2)))
