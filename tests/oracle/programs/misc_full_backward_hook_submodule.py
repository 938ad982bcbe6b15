"""misc: a submodule of a compiled Sequential with register_full_backward_hook, trained -- test_hooks.py full backward hooks on submodules."""
import torch
torch.manual_seed(0)
grads = []
m = torch.nn.Sequential(torch.nn.Linear(3, 3), torch.nn.ReLU(), torch.nn.Linear(3, 2))
m[2].register_full_backward_hook(lambda mod, gin, gout: grads.append(gout[0].shape))
c = torch.compile(m)
for _ in range(2):
    c(torch.randn(4, 3)).sum().backward()
print(len(grads))
