"""sidefx: the handle of x.register_hook stored in a global from inside the compiled function -- test_hooks.py test_tensor_register_global_hooks_handles_in_list."""
import torch

handle = None

def hook(grad):
    return grad * 4

@torch.compile
def f(x):
    global handle
    handle = x.register_hook(hook)
    return x, x * x

v = torch.zeros(3, requires_grad=True)
v, r = f(v)
v.backward(torch.tensor([1.0, 2.0, 3.0]))
handle.remove()
f(torch.zeros(3, requires_grad=True))
