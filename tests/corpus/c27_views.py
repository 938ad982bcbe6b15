# Views: reshape, transpose, slicing and select alias their input.
# expect-graphs: 1
# expect-ops: 5
# expect-breaks: none
import torch

@torch.compile
def f(x):
    v = x.view(2, 3).t()
    row = v[1]
    return row[:2] + 1

f(torch.arange(6.0))
