"""misc: a module with register_full_backward_hook compiled and trained -- test_hooks.py test_nn_module_full_backward_hook / backward hooks under compile."""
import torch
torch.manual_seed(0)

grads = []
m = torch.nn.Linear(3, 2)
m.register_full_backward_hook(lambda mod, gin, gout: grads.append(gout[0].shape))
c = torch.compile(m)
for _ in range(2):
    c(torch.randn(4, 3)).sum().backward()
