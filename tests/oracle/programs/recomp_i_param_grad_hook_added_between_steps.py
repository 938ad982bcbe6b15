"""recomp: a compiled training step (forward + backward inside) on a module; after the first step a gradient hook that halves the grad is registered on the weight from outside, and removed after the second -- test_hooks.py tensor hooks on parameters added or removed between calls."""
import torch

torch.manual_seed(0)
lin = torch.nn.Linear(3, 1)


@torch.compile
def step(x):
    lin.zero_grad()
    loss = lin(x).pow(2).sum()
    loss.backward()
    return lin.weight.grad.sum()


x = torch.ones(2, 3)
print(round(step(x).item(), 4))
h = lin.weight.register_hook(lambda g: g * 0.5)
print(round(step(x).item(), 4))
h.remove()
print(round(step(x).item(), 4))
