"""skip: a .tolist() break inside torch.autograd.profiler.record_function nested in torch.autograd.profiler.profile() (both null contexts to Dynamo) in the frame -- test_ctx_manager.py test_autograd_profiler."""
import torch

@torch.compile
def f(x):
    y = x ** 2
    with torch.autograd.profiler.profile():
        y = y + 2
        with torch.autograd.profiler.record_function("my_function"):
            z = y ** 3
            z.tolist()
            z = z + 1
    return z

x = torch.ones(2, 2, requires_grad=True)
for _ in range(2):
    f(x)
