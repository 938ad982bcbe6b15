"""recomp: a forward hook registered on a submodule after the first call: Dynamo does not guard hooks (skip_nnmodule_hook_guards) -- test_hooks.py."""
import torch
torch.manual_seed(0)
m = torch.nn.Sequential(torch.nn.Linear(2, 2), torch.nn.ReLU()); c = torch.compile(m)
x = torch.ones(1, 2)
c(x)
m[0].register_forward_hook(lambda mod, inp, out: out * 10)
c(x)
