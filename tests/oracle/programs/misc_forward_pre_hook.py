"""misc: a forward pre-hook that rewrites the input, registered before the first call -- test_hooks.py test_nn_module_forward_pre_hook."""
import torch
torch.manual_seed(0)

m = torch.nn.Linear(3, 3)
m.register_forward_pre_hook(lambda mod, args: (args[0] * 2,))
c = torch.compile(m)
c(torch.ones(2, 3))
c(torch.ones(2, 3))
