"""config: torch._dynamo.config.trace_numpy = False brings the break at Tensor.numpy() back -- test_misc.py test_numpy_*."""
import numpy as np
import torch

torch._dynamo.config.trace_numpy = False


@torch.compile
def f(x):
    y = x * 2
    return torch.from_numpy(np.sin(y.numpy())) + 1


f(torch.ones(3))
f(torch.zeros(3))
