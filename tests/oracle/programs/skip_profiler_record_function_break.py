"""skip: a .tolist() break inside torch.profiler.record_function (treated as a null context) -- test_ctx_manager.py test_torch_profiler."""
import torch

@torch.compile
def f(x):
    y = x ** 2
    with torch.profiler.record_function("my_function"):
        z = y ** 3
        z.tolist()
        z = z + 1
    return z

x = torch.ones(2, 2, requires_grad=True)
f(x)
f(x)
