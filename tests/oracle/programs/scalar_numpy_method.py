"""scalar: Tensor.numpy() is traced by 2.13 (no break) -- test_misc.py test_numpy_tensor_conversion."""
import torch

@torch.compile
def f(x):
    a = x.numpy()
    return torch.from_numpy(a * 2) + 1

f(torch.ones(3))
