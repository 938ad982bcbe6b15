"""cfunc: x.register_hook(lambda) on an input that requires grad, inside the compiled frame."""
import torch

GRADS = []


@torch.compile(backend="eager")
def f(x):
    x.register_hook(lambda g: g * 2)
    return (x * 3).sum()


x = torch.ones(3, requires_grad=True)
f(x).backward()
print(x.grad)
x.grad = None
f(x).backward()
print(x.grad)
