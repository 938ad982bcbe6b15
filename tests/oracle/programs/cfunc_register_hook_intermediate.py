"""cfunc: register_hook on an intermediate tensor inside the frame -- test_hooks.py test_tensor_register_hook_in_graph / intermediary hooks."""
import torch

@torch.compile
def f(x):
    y = x * 2
    y.register_hook(lambda g: g * 3)
    return (y * y).sum()

x = torch.ones(3, requires_grad=True)
f(x).backward()
f(x).backward()
