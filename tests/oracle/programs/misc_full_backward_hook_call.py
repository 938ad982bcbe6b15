"""misc: a compiled function calling a module that has register_full_backward_hook -- test_hooks.py test_nn_module_full_backward_hook called from a compiled function."""
import torch
torch.manual_seed(0)
grads = []
m = torch.nn.Linear(3, 2)
m.register_full_backward_hook(lambda mod, gin, gout: grads.append(gout[0].shape))
@torch.compile
def f(x):
    return m(x * 2).relu()
for _ in range(2):
    f(torch.randn(4, 3)).sum().backward()
print(len(grads))
