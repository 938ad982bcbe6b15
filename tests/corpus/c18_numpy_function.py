# A numpy function applied to a tensor leaves PyTorch.
# expect-graphs: 2
# expect-ops: 1 1
# expect-breaks: skipped-function@11
import numpy as np
import torch

@torch.compile
def f(x):
    y = x * 2
    total = np.linalg.norm(y)
    return x + float(total)

f(torch.ones(3))
